// The legal pages' public entry. Each policy is a page that app/routes.tsx loads by its module as
// a chunk of its own (every page is), so nothing else needs exporting.
export {};
