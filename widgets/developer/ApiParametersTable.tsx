import type { ApiEndpointDoc } from '../../lib/domain/types';
import { useT } from '../ui/i18n';
import { ScrollRegion } from '../ui/ScrollRegion';

/** The parameters of one documented endpoint (Developer area and the /docs/api page). */
export function ApiParametersTable({ doc }: { doc: ApiEndpointDoc }) {
  const { t } = useT();
  return (
    <ScrollRegion label={t('developer.parametersOf', { endpoint: `${doc.method} ${doc.path}` })}>
      <table className="cf-table" aria-label={t('developer.parametersOf', { endpoint: `${doc.method} ${doc.path}` })}>
        <thead>
          <tr>
            <th scope="col">{t('developer.col.parameter')}</th>
            <th scope="col">{t('developer.col.type')}</th>
            <th scope="col">{t('developer.col.required')}</th>
            <th scope="col">{t('developer.col.description')}</th>
          </tr>
        </thead>
        <tbody>
          {doc.parameters.map((p) => (
            <tr key={p.name}>
              <td>
                <code>{p.name}</code>
              </td>
              <td>{p.type}</td>
              <td>{p.required ? t('developer.required') : t('developer.optional')}</td>
              <td>{p.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
