// The partner's own script (a module file: no inline scripts, so it runs under a strict CSP).
// It listens to cf-* events, switches a dark theme through the elements' --cf-* custom
// properties, and adds the elements of a <details> section when it is opened.

const log = document.getElementById('event-log');
const lastNavigation = document.getElementById('last-navigation');

/** Adds a line at the top of the visible event log (kept to the 30 newest). */
function record(text) {
  if (!log) return;
  const item = document.createElement('li');
  item.textContent = text;
  log.prepend(item);
  while (log.children.length > 30) log.lastElementChild.remove();
}

const tagOf = (event) => (event.target instanceof Element ? event.target.localName : 'page');

// Cancel cf-navigate to route links yourself; detail.href is the link.
document.addEventListener('cf-navigate', (event) => {
  event.preventDefault();
  if (lastNavigation) lastNavigation.textContent = `Creatorflow asked to open ${event.detail.href}`;
  record(`cf-navigate from <${tagOf(event)}>: ${event.detail.href}`);
});

// cf-change: the workspace changed through a user action in that element.
document.addEventListener('cf-change', (event) => {
  const { collection, id, action } = event.detail;
  record(`cf-change from <${tagOf(event)}>: ${action} (${collection}${id ? ` ${id}` : ''})`);
});

// cf-error: an element caught a render error (it shows it too), or could not load.
document.addEventListener('cf-error', (event) => {
  record(`cf-error from <${tagOf(event)}>: ${event.detail.message}`);
});

// ---- Dark theme: --cf-* custom properties set on each element ----
const DARK = {
  '--cf-color-bg': '#0b1220',
  '--cf-color-surface': '#111a2e',
  '--cf-color-surface-2': '#1a2540',
  '--cf-color-text': '#e2e8f0',
  '--cf-color-muted': '#a3b1c6',
  '--cf-color-border': '#334155',
  '--cf-color-primary': '#a5b4fc',
  '--cf-color-primary-text': '#0b1220',
  '--cf-color-danger': '#fca5a5',
  '--cf-color-focus': '#facc15',
  '--cf-color-blue': '#bfdbfe',
  '--cf-color-blue-bg': '#1e3a8a',
  '--cf-color-green': '#bbf7d0',
  '--cf-color-green-bg': '#14532d',
  '--cf-color-yellow': '#fef08a',
  '--cf-color-yellow-bg': '#713f12',
  '--cf-color-orange': '#fed7aa',
  '--cf-color-orange-bg': '#7c2d12',
  '--cf-color-purple': '#e9d5ff',
  '--cf-color-purple-bg': '#581c87',
  '--cf-color-red': '#fecaca',
  '--cf-color-red-bg': '#7f1d1d',
  '--cf-color-gray': '#e5e7eb',
  '--cf-color-gray-bg': '#374151',
  '--cf-radius': '12px',
};

let dark = false;
const creatorflowElements = () => [...document.querySelectorAll('*')].filter((el) => el.localName.startsWith('cf-'));

function paint(element) {
  for (const [name, value] of Object.entries(DARK)) {
    if (dark) element.style.setProperty(name, value);
    else element.style.removeProperty(name);
  }
}

function applyTheme() {
  document.body.classList.toggle('theme-dark', dark);
  for (const element of creatorflowElements()) paint(element);
}

const toggle = document.getElementById('theme-toggle');
toggle?.addEventListener('click', () => {
  dark = !dark;
  toggle.setAttribute('aria-pressed', String(dark));
  applyTheme();
});

// ---- Sections that add their elements when opened ----
for (const section of document.querySelectorAll('details.partner-section')) {
  section.addEventListener('toggle', () => {
    const template = section.querySelector(':scope > template');
    if (!section.open || !template) return;
    section.append(template.content.cloneNode(true));
    template.remove();
    applyTheme();
  });
}
