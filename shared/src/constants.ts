/** Business constants shared by client and server. */
export const PASSWORD_MIN_DIALOG = 6;
export const PASSWORD_MIN_SCREEN = 8;
/** Argon2 hashing cost grows with input; cap what we accept. */
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;

export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME = 'dark';
export type Theme = 'dark' | 'light';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = 'F8';
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const SESSION_COOKIE = 'session_token';
/** Script-readable; its value goes back in CSRF_HEADER (docs/decisions/0002-sessions-csrf-and-throttling.md). */
export const CSRF_COOKIE = 'csrf_token';
/** HttpOnly random value that a signed-out browser's CSRF token is bound to. */
export const CSRF_PRESESSION_COOKIE = 'csrf_presession';
export const CSRF_HEADER = 'x-csrf-token';
/**
 * Over https every Kiln cookie name carries this prefix, so browsers refuse the cookie unless it
 * is Secure, for Path=/ and without a Domain: a sibling subdomain cannot plant or overwrite it.
 */
export const HTTPS_COOKIE_PREFIX = '__Host-';

export const COPYRIGHT_YEAR = 2025;
export const LEGAL_LAST_UPDATED = 'October 24, 2025';
