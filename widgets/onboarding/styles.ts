export const onboardingStyles = `
.cf-onboarding { max-width: 760px; margin: 0 auto; }
.cf-progress { height: 8px; border-radius: 999px; background: var(--cf-color-surface-2); overflow: hidden; }
.cf-progress-fill { height: 100%; background: var(--cf-color-primary); transition: width 200ms ease; }
.cf-steps { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; }
.cf-step { display: flex; flex-direction: column; align-items: center; gap: 6px; text-align: center; color: var(--cf-color-muted); font-size: 0.9rem; }
.cf-step-icon { width: 44px; height: 44px; border-radius: 50%; display: grid; place-items: center; background: var(--cf-color-surface-2); border: 2px solid var(--cf-color-border); }
.cf-step-icon svg { width: 22px; height: 22px; }
.cf-step[data-state="current"] { color: var(--cf-color-text); font-weight: 600; }
.cf-step[data-state="current"] .cf-step-icon { border-color: var(--cf-color-primary); color: var(--cf-color-primary); background: var(--cf-color-surface); }
.cf-step[data-state="complete"] .cf-step-icon { background: var(--cf-color-primary); border-color: var(--cf-color-primary); color: var(--cf-color-primary-text); }
.cf-onboarding-panel h2:focus { outline: none; }
.cf-onboarding-panel h2:focus-visible { outline: 3px solid var(--cf-color-focus); }
.cf-market-list, .cf-toggle-list, .cf-invite-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.cf-market { display: flex; align-items: center; gap: 12px; justify-content: space-between; padding: 12px 14px; border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); }
.cf-market p { margin: 2px 0 0; }
.cf-toggle { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 12px 14px; border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); }
.cf-toggle p { margin: 2px 0 0; }
.cf-switch { appearance: none; width: 42px; height: 24px; border-radius: 999px; background: var(--cf-color-gray-bg); position: relative; cursor: pointer; margin: 0; flex: none; border: 1px solid var(--cf-color-border); }
.cf-switch::after { content: ""; position: absolute; top: 2px; left: 2px; width: 18px; height: 18px; border-radius: 50%; background: #fff; box-shadow: var(--cf-shadow); transition: transform 120ms ease; }
.cf-switch:checked { background: var(--cf-color-primary); border-color: var(--cf-color-primary); }
.cf-switch:checked::after { transform: translateX(18px); }
.cf-switch:disabled { opacity: 0.55; cursor: not-allowed; }
.cf-invite { display: flex; gap: 8px; align-items: flex-start; }
.cf-invite .cf-field { flex: 1; }
.cf-invite > .cf-button { margin-top: 24px; }
.cf-onboarding-footer { display: flex; justify-content: space-between; gap: 8px; border-top: 1px solid var(--cf-color-border); padding-top: 16px; }
`;
