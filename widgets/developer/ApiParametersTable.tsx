import type { ApiEndpointDoc } from '../../lib/domain/types';

/** The parameters of one documented endpoint (Developer area and the /docs/api page). */
export function ApiParametersTable({ doc }: { doc: ApiEndpointDoc }) {
  return (
    <div className="cf-table-wrap">
      <table className="cf-table" aria-label={`Parameters of ${doc.method} ${doc.path}`}>
        <thead>
          <tr>
            <th scope="col">Parameter</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {doc.parameters.map((p) => (
            <tr key={p.name}>
              <td>
                <code>{p.name}</code>
              </td>
              <td>{p.type}</td>
              <td>{p.required ? 'Required' : 'Optional'}</td>
              <td>{p.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
