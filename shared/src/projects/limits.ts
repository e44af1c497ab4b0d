// A project's limits, apart from the schemas that check them: a screen that only needs a number
// (a maxLength, a counter) does not bring zod into its page's JavaScript (bench/page-weight).
export const PROJECT_NAME_MAX = 100;
export const PROJECT_DESCRIPTION_MAX = 2000;
export const PROJECT_TAGS_MAX = 20;
export const PROJECT_TAG_MAX = 30;

/** Languages with their own badge colour on the dashboard; others are neutral. */
export const BADGE_LANGUAGES = ['javascript', 'typescript', 'python', 'html', 'css'] as const;
