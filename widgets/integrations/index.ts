export { Integrations, IntegrationsView, type IntegrationsProps } from './Integrations';
export { useIntegrationsController } from './useIntegrationsController';
