// Calendar styles. FullCalendar injects its own CSS into whichever root renders it (document
// or shadow root); these only theme it with the --cf-* tokens and colour the event types
// (spec §2: shipment blue, reminder yellow, review purple).
export const calendarStyles = `
.cf-calendar-frame {
  --fc-border-color: var(--cf-color-border);
  --fc-page-bg-color: var(--cf-color-surface);
  --fc-neutral-bg-color: var(--cf-color-surface-2);
  --fc-button-text-color: var(--cf-color-text);
  --fc-button-bg-color: var(--cf-color-surface);
  --fc-button-border-color: var(--cf-color-border);
  --fc-button-hover-bg-color: var(--cf-color-surface-2);
  --fc-button-hover-border-color: var(--cf-color-border);
  --fc-button-active-bg-color: var(--cf-color-primary);
  --fc-button-active-border-color: var(--cf-color-primary);
  --fc-today-bg-color: rgb(67 56 202 / 7%);
  --fc-highlight-color: rgb(67 56 202 / 15%);
  --fc-event-bg-color: var(--cf-color-primary);
  --fc-event-border-color: var(--cf-color-primary);
  --fc-event-text-color: #fff;
  --fc-more-link-bg-color: transparent;
  --fc-small-font-size: 0.85em;
  --fc-now-indicator-color: var(--cf-color-danger);
  min-height: 480px;
}
.cf-calendar-frame .fc .fc-button-primary:not(:disabled).fc-button-active,
.cf-calendar-frame .fc .fc-button-primary:not(:disabled):active { color: var(--cf-color-primary-text); }
.cf-calendar-frame .fc .fc-toolbar-title { font-size: 1.25rem; }
.cf-calendar-frame .fc .fc-button:focus-visible,
.cf-calendar-frame .fc-event:focus-visible { outline: 3px solid var(--cf-color-focus); outline-offset: 2px; }
.cf-calendar-frame .fc .fc-daygrid-more-link { color: var(--cf-color-primary); font-weight: 600; }
.cf-calendar-frame .fc-event.cf-event-shipment { --fc-event-bg-color: #1d4ed8; --fc-event-border-color: #1e40af; --fc-event-text-color: #ffffff; }
.cf-calendar-frame .fc-event.cf-event-reminder { --fc-event-bg-color: #facc15; --fc-event-border-color: #ca8a04; --fc-event-text-color: #422006; }
.cf-calendar-frame .fc-event.cf-event-review { --fc-event-bg-color: #7e22ce; --fc-event-border-color: #6b21a8; --fc-event-text-color: #ffffff; }
.cf-calendar-frame .fc-event.cf-event-readonly { border-style: dashed; }
.cf-calendar-frame .fc-v-event .fc-event-main, .cf-calendar-frame .fc-h-event .fc-event-main { color: var(--fc-event-text-color); }
.cf-calendar-legend { display: flex; gap: 16px; flex-wrap: wrap; margin: 0; padding: 0; list-style: none; }
.cf-calendar-legend li { display: inline-flex; align-items: center; gap: 6px; }
.cf-calendar-swatch { width: 12px; height: 12px; border-radius: 3px; display: inline-block; }
.cf-calendar-swatch[data-type="shipment"] { background: #1d4ed8; }
.cf-calendar-swatch[data-type="reminder"] { background: #facc15; }
.cf-calendar-swatch[data-type="review"] { background: #7e22ce; }
.cf-event-dates { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 12px; }
.cf-back { align-self: flex-start; }
/* Phones: the toolbar wraps, so Day and Week stay on screen. */
.cf-calendar-frame .fc .fc-header-toolbar { flex-wrap: wrap; gap: 8px; }
@media (max-width: 600px) {
  .cf-calendar-frame .fc .fc-header-toolbar { justify-content: center; }
  .cf-calendar-frame .fc .fc-toolbar-title { font-size: 1.05rem; }
  .cf-calendar-frame .fc .fc-button { padding: 0.3em 0.5em; }
  /* A month or week column is too narrow for an event's words: each event is a bar of its type's
     colour, its words stay its name (read aloud) and a tap opens it. The day view keeps them. */
  .cf-calendar-frame .fc-dayGridMonth-view .fc-event, .cf-calendar-frame .fc-timeGridWeek-view .fc-event { position: relative; min-height: 10px; }
  .cf-calendar-frame .fc-dayGridMonth-view .fc-event-main, .cf-calendar-frame .fc-timeGridWeek-view .fc-event-main { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
}
/* Days of the next and previous month: muted but readable (FullCalendar fades them to 30%). */
.cf-calendar-frame .fc .fc-day-other .fc-daygrid-day-top { opacity: 1; color: var(--cf-color-muted); }
`;
