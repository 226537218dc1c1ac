import { Button, type ButtonProps } from './Button';
import { useNavigation } from './navigation';
import { useT } from './i18n';

export interface BackButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** Where Back goes when this app has no previous page (opened from a bookmark or a link). Default '/', the dashboard. */
  fallbackHref?: string;
  /** Default '← Back'. */
  label?: string;
}

/** Back to the previous page of the app, or to the dashboard when the page was opened directly. */
export function BackButton({ fallbackHref = '/', label, variant = 'ghost', className, ...rest }: BackButtonProps) {
  const navigation = useNavigation();
  const { t } = useT();
  return (
    <Button
      variant={variant}
      className={['cf-back', className].filter(Boolean).join(' ')}
      onClick={() => navigation.back(fallbackHref)}
      {...rest}
    >
      {label ?? t('common.back')}
    </Button>
  );
}
