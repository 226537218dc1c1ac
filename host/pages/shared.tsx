import { useEffect, type ReactNode } from 'react';
import { Screen } from '../../widgets/ui/Screen';
import { useT } from '../../widgets/ui/i18n';
import { pageStyles } from './styles';

/** Scrolls to the element named by the URL's #hash once the page has rendered (e.g. /support#status). */
export function useScrollToHash() {
  useEffect(() => {
    const id = typeof window !== 'undefined' ? decodeURIComponent(window.location.hash.slice(1)) : '';
    if (!id) return;
    const target = document.getElementById(id);
    target?.scrollIntoView({ block: 'start' });
  }, []);
}

/** Frame of a static page: the Screen (styles, error boundary) around a readable column. */
export function StaticPage({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Screen name={name} styles={pageStyles} part="root">
      {children}
    </Screen>
  );
}

/**
 * Long text kept in English (legal terms, guides): marked `lang="en"` so that screen readers
 * pronounce it as English, with a note in the chosen language saying so.
 */
export function EnglishOnly({ children }: { children: ReactNode }) {
  const { t, lang } = useT();
  return (
    <>
      {lang !== 'en-US' && <p className="cf-muted">{t('pages.englishOnly')}</p>}
      <div lang="en" className="cf-stack">
        {children}
      </div>
    </>
  );
}
