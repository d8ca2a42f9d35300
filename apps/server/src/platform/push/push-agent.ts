import fs from 'node:fs/promises';
import https from 'node:https';
import tls from 'node:tls';

/**
 * Outside production (config refuses PUSH_CA_FILE there): an agent for the push sender that trusts
 * the system's CAs and one more, the tests' local push service's self-signed certificate. Only the
 * sender's requests use it; nothing switches TLS checks off.
 */
export async function pushAgent(caFile: string): Promise<https.Agent> {
  const extra = await fs.readFile(caFile, 'utf8');
  return new https.Agent({ ca: [...tls.rootCertificates, extra], keepAlive: false });
}
