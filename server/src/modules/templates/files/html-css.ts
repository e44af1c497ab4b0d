import type { TemplateFile } from '@kiln/shared';
import { file } from './define';

export const htmlCssFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# HTML/CSS Website

A responsive static site in plain HTML, CSS and JavaScript: no build step, no dependencies.

- \`index.html\`: the page and its content
- \`styles.css\`: layout, colours (light and dark) and the mobile menu
- \`script.js\`: the menu toggle, the theme switch and the contact form

## Run it

Open \`index.html\` in a browser, or serve the folder so links behave as on a real host:

\`\`\`bash
npx serve .
# or
python3 -m http.server 8000
\`\`\`

Deploy by uploading the three files to any static host.
`,
  ),
  file(
    'index.html',
    `
<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="A small responsive website built with HTML, CSS and JavaScript." />
    <title>Studio North</title>
    <link rel="stylesheet" href="styles.css" />
    <script src="script.js" defer></script>
  </head>
  <body>
    <header class="site-header">
      <div class="container header-inner">
        <a class="brand" href="#top">Studio North</a>
        <button class="menu-toggle" type="button" aria-expanded="false" aria-controls="site-nav">
          <span class="sr-only">Open menu</span>
          <span class="menu-bar" aria-hidden="true"></span>
        </button>
        <nav id="site-nav" class="site-nav" aria-label="Main">
          <a href="#services">Services</a>
          <a href="#work">Work</a>
          <a href="#contact">Contact</a>
          <button class="theme-toggle" type="button" aria-label="Switch to dark theme">Dark</button>
        </nav>
      </div>
    </header>

    <main id="top">
      <section class="hero">
        <div class="container">
          <p class="eyebrow">Design &amp; development</p>
          <h1>We build calm, fast websites for small teams.</h1>
          <p class="lead">
            Clear pages, honest copy and code that loads in a blink. Edit this text in
            <code>index.html</code> and make it yours.
          </p>
          <div class="hero-actions">
            <a class="button" href="#contact">Start a project</a>
            <a class="button button-ghost" href="#work">See our work</a>
          </div>
        </div>
      </section>

      <section id="services" class="section">
        <div class="container">
          <h2>Services</h2>
          <div class="cards">
            <article class="card">
              <h3>Websites</h3>
              <p>Responsive sites that work on every screen, from phones to wide monitors.</p>
            </article>
            <article class="card">
              <h3>Branding</h3>
              <p>Colours, type and a voice that make your project easy to recognise.</p>
            </article>
            <article class="card">
              <h3>Care plans</h3>
              <p>Updates, backups and small changes each month, so the site stays fresh.</p>
            </article>
          </div>
        </div>
      </section>

      <section id="work" class="section section-alt">
        <div class="container">
          <h2>Selected work</h2>
          <ul class="stats">
            <li><strong data-count="48">0</strong><span>sites launched</span></li>
            <li><strong data-count="12">0</strong><span>years in business</span></li>
            <li><strong data-count="99">0</strong><span>Lighthouse score</span></li>
          </ul>
        </div>
      </section>

      <section id="contact" class="section">
        <div class="container narrow">
          <h2>Say hello</h2>
          <form class="contact-form" novalidate>
            <label>
              Name
              <input name="name" type="text" autocomplete="name" required />
            </label>
            <label>
              Email
              <input name="email" type="email" autocomplete="email" required />
            </label>
            <label>
              Message
              <textarea name="message" rows="4" required minlength="10"></textarea>
            </label>
            <button class="button" type="submit">Send message</button>
            <p class="form-status" role="status" aria-live="polite"></p>
          </form>
        </div>
      </section>
    </main>

    <footer class="site-footer">
      <div class="container">
        <p>&copy; <span id="year"></span> Studio North. Made with HTML, CSS and JavaScript.</p>
      </div>
    </footer>
  </body>
</html>
`,
  ),
  file(
    'styles.css',
    `
:root {
  --bg: #ffffff;
  --bg-alt: #f4f5f7;
  --text: #1d2330;
  --muted: #5b6475;
  --accent: #f97316;
  --accent-strong: #c2570c;
  --border: #e2e5ea;
  --radius: 14px;
  --shadow: 0 10px 30px rgba(17, 24, 39, 0.08);
  color-scheme: light;
}

:root[data-theme='dark'] {
  --bg: #12151c;
  --bg-alt: #191d27;
  --text: #eef1f6;
  --muted: #a3acbd;
  --accent: #fb923c;
  --accent-strong: #fdba74;
  --border: #2a3040;
  --shadow: 0 10px 30px rgba(0, 0, 0, 0.35);
  color-scheme: dark;
}

*,
*::before,
*::after {
  box-sizing: border-box;
}

html {
  scroll-behavior: smooth;
}

body {
  margin: 0;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.6;
  color: var(--text);
  background: var(--bg);
  transition: background 0.2s, color 0.2s;
}

a {
  color: inherit;
}

code {
  font-family: ui-monospace, Consolas, monospace;
  padding: 0.1em 0.35em;
  border-radius: 6px;
  background: var(--bg-alt);
}

.container {
  width: min(1100px, 100% - 2.5rem);
  margin-inline: auto;
}

.narrow {
  width: min(560px, 100% - 2.5rem);
}

.sr-only {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}

/* Header and navigation */
.site-header {
  position: sticky;
  top: 0;
  z-index: 10;
  background: color-mix(in srgb, var(--bg) 88%, transparent);
  backdrop-filter: blur(8px);
  border-bottom: 1px solid var(--border);
}

.header-inner {
  display: flex;
  align-items: center;
  justify-content: space-between;
  min-height: 4rem;
}

.brand {
  font-weight: 700;
  font-size: 1.15rem;
  text-decoration: none;
}

.site-nav {
  display: flex;
  align-items: center;
  gap: 1.5rem;
}

.site-nav a {
  text-decoration: none;
  color: var(--muted);
}

.site-nav a:hover {
  color: var(--text);
}

.theme-toggle {
  font: inherit;
  font-size: 0.9rem;
  padding: 0.35rem 0.8rem;
  border: 1px solid var(--border);
  border-radius: 999px;
  background: transparent;
  color: var(--text);
  cursor: pointer;
}

.menu-toggle {
  display: none;
  width: 2.5rem;
  height: 2.5rem;
  border: 0;
  background: transparent;
  cursor: pointer;
}

.menu-bar,
.menu-bar::before,
.menu-bar::after {
  display: block;
  width: 1.4rem;
  height: 2px;
  margin: auto;
  background: var(--text);
  content: '';
  position: relative;
}

.menu-bar::before {
  position: absolute;
  top: -7px;
}

.menu-bar::after {
  position: absolute;
  top: 7px;
}

/* Hero */
.hero {
  padding: clamp(4rem, 10vw, 8rem) 0;
  background:
    radial-gradient(circle at 85% 10%, color-mix(in srgb, var(--accent) 22%, transparent), transparent 45%),
    var(--bg);
}

.eyebrow {
  margin: 0 0 0.5rem;
  font-weight: 600;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: var(--accent-strong);
}

h1 {
  max-width: 16ch;
  margin: 0;
  font-size: clamp(2.2rem, 6vw, 3.8rem);
  line-height: 1.1;
}

h2 {
  margin-top: 0;
  font-size: clamp(1.6rem, 4vw, 2.2rem);
}

.lead {
  max-width: 55ch;
  font-size: 1.15rem;
  color: var(--muted);
}

.hero-actions {
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 2rem;
}

.button {
  display: inline-block;
  font: inherit;
  font-weight: 600;
  padding: 0.75rem 1.4rem;
  border: 2px solid var(--accent);
  border-radius: 999px;
  background: var(--accent);
  color: #fff;
  text-decoration: none;
  cursor: pointer;
  transition: transform 0.15s, box-shadow 0.15s;
}

.button:hover {
  transform: translateY(-2px);
  box-shadow: var(--shadow);
}

.button-ghost {
  background: transparent;
  color: var(--text);
}

/* Sections */
.section {
  padding: 5rem 0;
}

.section-alt {
  background: var(--bg-alt);
}

.cards {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 1.25rem;
}

.card {
  padding: 1.5rem;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--bg);
  box-shadow: var(--shadow);
}

.card h3 {
  margin-top: 0;
}

.card p {
  margin-bottom: 0;
  color: var(--muted);
}

.stats {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 1.25rem;
  padding: 0;
  margin: 0;
  list-style: none;
}

.stats li {
  display: flex;
  flex-direction: column;
  padding: 1.5rem;
  border-radius: var(--radius);
  background: var(--bg);
}

.stats strong {
  font-size: 2.5rem;
  color: var(--accent-strong);
}

.stats span {
  color: var(--muted);
}

/* Contact form */
.contact-form {
  display: grid;
  gap: 1rem;
}

.contact-form label {
  display: grid;
  gap: 0.35rem;
  font-weight: 600;
}

.contact-form input,
.contact-form textarea {
  font: inherit;
  padding: 0.7rem 0.9rem;
  border: 1px solid var(--border);
  border-radius: 10px;
  background: var(--bg);
  color: var(--text);
}

.contact-form input:focus,
.contact-form textarea:focus {
  outline: 2px solid var(--accent);
  outline-offset: 1px;
}

.contact-form .button {
  justify-self: start;
}

.form-status {
  min-height: 1.5em;
  margin: 0;
  color: var(--muted);
}

.form-status.is-error {
  color: #dc2626;
}

.site-footer {
  padding: 2rem 0;
  border-top: 1px solid var(--border);
  color: var(--muted);
  font-size: 0.95rem;
}

/* Small screens: the navigation folds into a menu */
@media (max-width: 720px) {
  .menu-toggle {
    display: block;
  }

  .site-nav {
    position: absolute;
    inset: 4rem 0 auto;
    flex-direction: column;
    align-items: flex-start;
    gap: 1rem;
    padding: 1.25rem;
    background: var(--bg);
    border-bottom: 1px solid var(--border);
    display: none;
  }

  .site-nav.is-open {
    display: flex;
  }
}

@media (prefers-reduced-motion: reduce) {
  html {
    scroll-behavior: auto;
  }

  .button {
    transition: none;
  }
}
`,
  ),
  file(
    'script.js',
    `
// Small enhancements for the page; it still reads fine without JavaScript.

const root = document.documentElement;
const themeToggle = document.querySelector('.theme-toggle');
const menuToggle = document.querySelector('.menu-toggle');
const nav = document.querySelector('#site-nav');

// Theme: remember the visitor's choice, otherwise follow the system setting.
function readSavedTheme() {
  try {
    return localStorage.getItem('theme');
  } catch {
    return null; // storage can be blocked (private mode, sandboxed frames)
  }
}

function applyTheme(theme) {
  root.dataset.theme = theme;
  const next = theme === 'dark' ? 'light' : 'dark';
  themeToggle.textContent = next === 'dark' ? 'Dark' : 'Light';
  themeToggle.setAttribute('aria-label', \`Switch to \${next} theme\`);
}

const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
applyTheme(readSavedTheme() ?? (prefersDark ? 'dark' : 'light'));

themeToggle.addEventListener('click', () => {
  const theme = root.dataset.theme === 'dark' ? 'light' : 'dark';
  applyTheme(theme);
  try {
    localStorage.setItem('theme', theme);
  } catch {
    // The choice then lasts for this visit only.
  }
});

// Mobile menu: open and close it, and close it again after a link is chosen.
function setMenuOpen(open) {
  nav.classList.toggle('is-open', open);
  menuToggle.setAttribute('aria-expanded', String(open));
}

menuToggle.addEventListener('click', () => {
  setMenuOpen(!nav.classList.contains('is-open'));
});

nav.addEventListener('click', (event) => {
  if (event.target instanceof HTMLAnchorElement) setMenuOpen(false);
});

// Count the statistics up when they scroll into view.
function countUp(element) {
  const target = Number(element.dataset.count);
  const duration = 900;
  const start = performance.now();
  function step(now) {
    const progress = Math.min((now - start) / duration, 1);
    element.textContent = String(Math.round(target * progress));
    if (progress < 1) requestAnimationFrame(step);
  }
  requestAnimationFrame(step);
}

const observer = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    countUp(entry.target);
    observer.unobserve(entry.target);
  }
});
document.querySelectorAll('[data-count]').forEach((element) => observer.observe(element));

// Contact form: check the fields in the browser and thank the visitor.
const form = document.querySelector('.contact-form');
const status = document.querySelector('.form-status');

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const invalid = [...form.elements].find(
    (field) => typeof field.checkValidity === 'function' && !field.checkValidity(),
  );
  if (invalid) {
    status.textContent = \`Please check the \${invalid.name} field.\`;
    status.classList.add('is-error');
    invalid.focus();
    return;
  }
  const name = new FormData(form).get('name');
  status.textContent = \`Thanks, \${name}! We will reply within two working days.\`;
  status.classList.remove('is-error');
  form.reset();
});

document.querySelector('#year').textContent = String(new Date().getFullYear());
`,
  ),
];
