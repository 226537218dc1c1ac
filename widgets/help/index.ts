export { HelpCenter, type HelpCenterProps } from './Placeholder';
