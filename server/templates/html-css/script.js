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
  themeToggle.setAttribute('aria-label', `Switch to ${next} theme`);
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
    status.textContent = `Please check the ${invalid.name} field.`;
    status.classList.add('is-error');
    invalid.focus();
    return;
  }
  const name = new FormData(form).get('name');
  status.textContent = `Thanks, ${name}! We will reply within two working days.`;
  status.classList.remove('is-error');
  form.reset();
});

document.querySelector('#year').textContent = String(new Date().getFullYear());
