export const helpStyles = `
.cf-help-search { max-width: 640px; }
.cf-help-search .cf-input { width: 100%; }
.cf-help-layout { display: grid; grid-template-columns: minmax(0, 1fr) 280px; gap: 24px; align-items: start; }
@media (max-width: 900px) { .cf-help-layout { grid-template-columns: minmax(0, 1fr); } }
.cf-faq-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.cf-faq { border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); background: var(--cf-color-surface); }
.cf-faq h3 { margin: 0; font-size: 1rem; }
.cf-faq-trigger { width: 100%; display: flex; justify-content: space-between; align-items: center; gap: 12px; text-align: left; padding: 12px 14px; border: 0; background: transparent; font: inherit; font-weight: 600; color: var(--cf-color-text); cursor: pointer; border-radius: var(--cf-radius); }
.cf-faq-trigger:hover { background: var(--cf-color-surface-2); }
.cf-faq-chevron { transition: transform 120ms ease; }
.cf-faq-trigger[aria-expanded="true"] .cf-faq-chevron { transform: rotate(180deg); }
.cf-faq-panel { padding: 0 14px 14px; }
.cf-faq-panel p { margin: 0 0 8px; }
.cf-tags { display: flex; gap: 6px; flex-wrap: wrap; list-style: none; margin: 0; padding: 0; }
.cf-tutorials { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 16px; list-style: none; margin: 0; padding: 0; }
.cf-tutorial { padding: 0; overflow: hidden; display: flex; flex-direction: column; }
.cf-tutorial-thumb { position: relative; display: block; aspect-ratio: 16 / 9; }
.cf-tutorial-thumb svg { display: block; width: 100%; height: 100%; }
.cf-tutorial-duration { position: absolute; right: 8px; bottom: 8px; background: rgb(15 23 42 / 80%); color: #fff; border-radius: 4px; padding: 1px 6px; font-size: 0.8rem; font-variant-numeric: tabular-nums; }
.cf-tutorial-body { padding: 12px 14px 14px; display: flex; flex-direction: column; gap: 6px; }
.cf-tutorial-body h3 { margin: 0; }
.cf-tutorial-body p { margin: 0; }
.cf-doc-links { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.cf-help-aside { display: flex; flex-direction: column; gap: 16px; }
.cf-help-contact { background: var(--cf-color-blue-bg); border-color: #bfd3fb; }
.cf-help-contact p { margin: 0 0 12px; }
`;
