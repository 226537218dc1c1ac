export { Integrations, type IntegrationsProps } from './Placeholder';
