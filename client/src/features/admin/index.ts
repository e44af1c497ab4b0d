// The admin portal's public entry. Its one screen is a page, /admin, that app/routes.tsx loads by
// its module as a chunk of its own (every page is), so nothing else needs exporting.
export {};
