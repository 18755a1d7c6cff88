// A self-signed certificate for the local SMTP stand-in, made at test time with openssl (never
// committed): valid for localhost and 127.0.0.1, one day. `certFile` is there for a child process
// to trust it with NODE_EXTRA_CA_CERTS (the e2e host); in-process tests hand `cert` to the e-mail
// channel's `tls.ca` instead.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCert {
  key: string;
  cert: string;
  /** The certificate's PEM file (for NODE_EXTRA_CA_CERTS). */
  certFile: string;
}

let cached: TestCert | null = null;

export function testCert(): TestCert {
  if (cached) return cached;
  const dir = mkdtempSync(join(tmpdir(), 'gammawatch-cert-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  cached = { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
  return cached;
}
