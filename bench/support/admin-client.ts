/**
 * A back-office session for the bench suites: logs in as the bench admin (the server creates it
 * just after it starts listening, hence the retries) and calls the admin API with its cookie and
 * CSRF token, as the back-office does.
 */
import { ADMIN_CSRF_HEADER, type AdminSession, type Envelope, pathOf } from '@plant-kiosk/contract';
import { BENCH_ADMIN_PASSWORD } from './processes.js';

export class BenchAdmin {
  /** The session cookie (`name=value`), for requests this class does not make (event streams). */
  cookie = '';
  private csrf = '';
  constructor(private readonly base: string) {}

  async login(): Promise<void> {
    let response: Response | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      response = await fetch(this.base + pathOf('adminLogin'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: this.base },
        body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
      });
      if (response.status !== 401) break;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!response?.ok) throw new Error(`admin login: HTTP ${response?.status}`);
    this.cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    this.csrf = ((await response.json()) as Envelope<AdminSession>).data!.csrfToken;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(this.base + path, {
      method,
      headers: {
        cookie: this.cookie,
        origin: this.base,
        [ADMIN_CSRF_HEADER]: this.csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (!response.ok)
      throw new Error(`${method} ${path}: HTTP ${response.status} ${envelope.message}`);
    return envelope.data as T;
  }
}
