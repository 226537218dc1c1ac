import { useSignals } from '@preact/signals-react/runtime';
import { useT } from './i18n';
import { useInsideScreen } from './screen-nesting';
import { useStore } from './store-context';

/**
 * One plain line for a Viewer: the workspace is read-only for their role. Visible text, not a
 * tooltip on each disabled control, so it reaches touch screens and every reader.
 */
export function ReadOnlyNote() {
  useSignals();
  const store = useStore();
  const { t } = useT();
  const nested = useInsideScreen();
  if (nested || store.session.currentMember.value?.role !== 'Viewer') return null;
  return (
    <p className="cf-banner" data-tone="info" data-part="read-only">
      {t('frame.readOnly')}
    </p>
  );
}
