import type { Faq, VideoTutorial } from '../../lib/domain/types';
import { Link } from '../ui/navigation';
import { Screen } from '../ui/Screen';
import { helpStyles } from './styles';
import { useHelpController, type HelpControllerOptions } from './useHelpController';
import { SearchField } from '../ui/SearchField';
import { useT } from '../ui/i18n';

export type HelpCenterProps = HelpControllerOptions;

/** Where Contact Support goes: our own support page (24/7 contact details). */
export const SUPPORT_HREF = '/support';

const DOCUMENTATION = [
  { href: '/docs/dashboard', label: 'help.doc.dashboard', detail: 'help.doc.dashboardDetail' },
  { href: '/docs/api', label: 'help.doc.api', detail: 'help.doc.apiDetail' },
  { href: '/support', label: 'help.doc.support', detail: 'help.doc.supportDetail' },
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
  const { t, lang } = useT();
  return (
    <div className="cf-stack">
      <header className="cf-stack">
        <h1>{t('help.title')}</h1>
        <SearchField
          landmark
          className="cf-help-search"
          label={t('help.searchLabel')}
          placeholder={t('help.searchPlaceholder')}
          value={help.search}
          onValueChange={help.setSearch}
        />
      </header>
      <div className="cf-help-layout">
        <div className="cf-stack">
          <section aria-labelledby="cf-help-faq-title" part="faqs">
            <h2 id="cf-help-faq-title">{t('help.faqs')}</h2>
            {/* The questions and tutorials are fixed sample content, written in English only. */}
            {lang !== 'en-US' && <p className="cf-muted">{t('help.englishNote')}</p>}
            <p className="cf-visually-hidden" role="status">
              {help.search.trim() ? t('help.matching', { count: help.faqs.length }) : ''}
            </p>
            {help.faqs.length === 0 ? (
              <p className="cf-empty">{t('help.noFaqs')}</p>
            ) : (
              <ul className="cf-faq-list">
                {help.faqs.map((faq) => (
                  <FaqItem key={faq.id} faq={faq} open={help.openId === faq.id} onToggle={() => help.toggle(faq.id)} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="cf-help-video-title" part="tutorials">
            <h2 id="cf-help-video-title">{t('help.tutorials')}</h2>
            <ul className="cf-tutorials">
              {help.tutorials.map((tutorial, index) => (
                <TutorialCard key={tutorial.id} tutorial={tutorial} index={index} />
              ))}
            </ul>
          </section>
        </div>
        <aside className="cf-help-aside">
          <nav className="cf-card" aria-labelledby="cf-help-docs-title">
            <h2 id="cf-help-docs-title">{t('help.docs')}</h2>
            <ul className="cf-doc-links">
              {DOCUMENTATION.map((doc) => (
                <li key={doc.href}>
                  <Link href={doc.href}>{t(doc.label)}</Link>
                  <div className="cf-muted">{t(doc.detail)}</div>
                </li>
              ))}
            </ul>
          </nav>
          <section className="cf-card cf-help-contact" aria-labelledby="cf-help-contact-title">
            <h2 id="cf-help-contact-title">{t('help.moreHelp')}</h2>
            <p>{t('help.supportBody')}</p>
            <Link href={SUPPORT_HREF} className="cf-button" data-variant="primary">
              {t('help.contact')}
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
  const { t } = useT();
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
        <ul className="cf-tags" aria-label={t('help.tags')}>
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
  const { t } = useT();
  return (
    <li className="cf-card cf-tutorial">
      <span className="cf-tutorial-thumb">
        {/* Thumbnail drawn locally: no external image request. */}
        <svg viewBox="0 0 320 180" role="img" aria-label={t('help.thumbnail', { title: tutorial.title })} preserveAspectRatio="xMidYMid slice">
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
          <span className="cf-visually-hidden">{t('help.duration')} </span>
          {tutorial.duration}
        </span>
      </span>
      <div className="cf-tutorial-body">
        <h3>{tutorial.title}</h3>
        <p className="cf-muted">{tutorial.description}</p>
        <Link href={tutorial.url} aria-label={t('help.readGuideLabel', { title: tutorial.title })}>
          {t('help.readGuide')}
        </Link>
      </div>
    </li>
  );
}
