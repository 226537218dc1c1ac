import type { Faq, VideoTutorial } from '../../lib/domain/types';
import { Link } from '../ui/navigation';
import { Screen } from '../ui/Screen';
import { helpStyles } from './styles';
import { useHelpController, type HelpControllerOptions } from './useHelpController';
import { SearchField } from '../ui/SearchField';

export type HelpCenterProps = HelpControllerOptions;

/** Where Contact Support goes: our own support page (24/7 contact details). */
export const SUPPORT_HREF = '/support';

const DOCUMENTATION = [
  { href: '/docs/dashboard', label: 'Dashboard guide', detail: 'Funnels, stages, steps and filters' },
  { href: '/docs/api', label: 'API reference', detail: 'Endpoints and webhook events' },
  { href: '/support', label: 'Support', detail: 'Contact the support team' },
] as const;

/** The Help center (spec §2 "Help center"). */
export function HelpCenter(props: HelpCenterProps) {
  return (
    <Screen name="Help Center" styles={helpStyles} part="root">
      <HelpCenterView {...props} />
    </Screen>
  );
}

function HelpCenterView(options: HelpCenterProps) {
  const help = useHelpController(options);
  return (
    <div className="cf-stack">
      <header className="cf-stack">
        <h1>Help Center</h1>
        <SearchField
          landmark
          className="cf-help-search"
          label="Search help"
          placeholder="Search help articles, tutorials, and documentation..."
          value={help.search}
          onValueChange={help.setSearch}
        />
      </header>
      <div className="cf-help-layout">
        <div className="cf-stack">
          <section aria-labelledby="cf-help-faq-title" part="faqs">
            <h2 id="cf-help-faq-title">Frequently Asked Questions</h2>
            <p className="cf-visually-hidden" role="status">
              {help.search.trim() ? `${help.faqs.length} matching question${help.faqs.length === 1 ? '' : 's'}` : ''}
            </p>
            {help.faqs.length === 0 ? (
              <p className="cf-empty">No FAQs found matching your search</p>
            ) : (
              <ul className="cf-faq-list">
                {help.faqs.map((faq) => (
                  <FaqItem key={faq.id} faq={faq} open={help.openId === faq.id} onToggle={() => help.toggle(faq.id)} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="cf-help-video-title" part="tutorials">
            <h2 id="cf-help-video-title">Video Tutorials</h2>
            <ul className="cf-tutorials">
              {help.tutorials.map((tutorial, index) => (
                <TutorialCard key={tutorial.id} tutorial={tutorial} index={index} />
              ))}
            </ul>
          </section>
        </div>
        <aside className="cf-help-aside">
          <nav className="cf-card" aria-labelledby="cf-help-docs-title">
            <h2 id="cf-help-docs-title">Documentation</h2>
            <ul className="cf-doc-links">
              {DOCUMENTATION.map((doc) => (
                <li key={doc.href}>
                  <Link href={doc.href}>{doc.label}</Link>
                  <div className="cf-muted">{doc.detail}</div>
                </li>
              ))}
            </ul>
          </nav>
          <section className="cf-card cf-help-contact" aria-labelledby="cf-help-contact-title">
            <h2 id="cf-help-contact-title">Need more help?</h2>
            <p>Our support team is available 24/7 to help you with any questions.</p>
            <Link href={SUPPORT_HREF} className="cf-button" data-variant="primary">
              Contact Support
            </Link>
          </section>
        </aside>
      </div>
    </div>
  );
}

/** One accordion item: a heading with a disclosure button, and its panel (answer and tags). */
function FaqItem({ faq, open, onToggle }: { faq: Faq; open: boolean; onToggle(): void }) {
  const panelId = `cf-faq-panel-${faq.id}`;
  const buttonId = `cf-faq-button-${faq.id}`;
  return (
    <li className="cf-faq" data-state={open ? 'open' : 'closed'}>
      <h3>
        <button id={buttonId} type="button" className="cf-faq-trigger" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          <span>{faq.question}</span>
          <span className="cf-faq-chevron" aria-hidden="true">
            ▾
          </span>
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="cf-faq-panel" hidden={!open}>
        <p>{faq.answer}</p>
        <ul className="cf-tags" aria-label="Tags">
          {faq.tags.map((tag) => (
            <li key={tag} className="cf-badge" data-color="gray">
              {tag}
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

const THUMB_COLORS = [
  ['#4338ca', '#7c3aed'],
  ['#0f766e', '#1d4ed8'],
];

function TutorialCard({ tutorial, index }: { tutorial: VideoTutorial; index: number }) {
  const [from, to] = THUMB_COLORS[index % THUMB_COLORS.length];
  const gradientId = `cf-thumb-${tutorial.id}`;
  return (
    <li className="cf-card cf-tutorial">
      <span className="cf-tutorial-thumb">
        {/* Thumbnail drawn locally: no external image request. */}
        <svg viewBox="0 0 320 180" role="img" aria-label={`Thumbnail: ${tutorial.title}`} preserveAspectRatio="xMidYMid slice">
          <defs>
            <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor={from} />
              <stop offset="1" stopColor={to} />
            </linearGradient>
          </defs>
          <rect width="320" height="180" fill={`url(#${gradientId})`} />
          <circle cx="160" cy="90" r="30" fill="rgb(255 255 255 / 90%)" />
          <path d="M150 74 L176 90 L150 106 Z" fill={from} />
        </svg>
        <span className="cf-tutorial-duration">
          <span className="cf-visually-hidden">Duration </span>
          {tutorial.duration}
        </span>
      </span>
      <div className="cf-tutorial-body">
        <h3>{tutorial.title}</h3>
        <p className="cf-muted">{tutorial.description}</p>
        <Link href={tutorial.url} aria-label={`Read the guide: ${tutorial.title}`}>
          Read the guide
        </Link>
      </div>
    </li>
  );
}
