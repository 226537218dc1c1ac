export { HelpCenter, SUPPORT_HREF, type HelpCenterProps } from './HelpCenter';
export { useHelpController, type HelpControllerOptions } from './useHelpController';
