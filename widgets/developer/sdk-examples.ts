// The Developer area's SDK examples: the files under examples/sdk/ as they are (a test runs each
// against a team server), shown with this server's address in place of the local default.
import clientCode from '../../examples/sdk/client.ts?raw';
import curlCode from '../../examples/sdk/curl.sh?raw';
import receiverCode from '../../examples/sdk/receiver.ts?raw';

/** The address the files fall back to when CREATORFLOW_URL is not set. */
export const EXAMPLE_BASE_URL = 'http://localhost:4173';

export interface SdkExampleFile {
  id: 'client' | 'curl' | 'receiver';
  code: string;
}

/** The three examples with `baseUrl` (the server the screen talks to) written in. */
export function sdkExampleFiles(baseUrl: string): SdkExampleFile[] {
  const withBase = (code: string) => code.split(EXAMPLE_BASE_URL).join(baseUrl.replace(/\/+$/, ''));
  return [
    { id: 'client', code: withBase(clientCode) },
    { id: 'curl', code: withBase(curlCode) },
    { id: 'receiver', code: withBase(receiverCode) },
  ];
}
