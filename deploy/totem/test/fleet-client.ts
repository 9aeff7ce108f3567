// `npm run test:totem`'s way into the back-office API (issue 53): what the fleet page says about the
// totem under test, and the remote commands sent to it, as the plant's IT would from /admin/.
// Typed by the contract's route client (decision 031), over plain fetch with the session cookie
// and CSRF token. Run with tsx from the repository:
//
//   tsx deploy/totem/test/fleet-client.ts --url http://host:port/ --password P kiosk
//   tsx deploy/totem/test/fleet-client.ts ... send restart-browser|reboot|screen-off|screen-on
//   tsx deploy/totem/test/fleet-client.ts ... command ID
//
// `kiosk` prints the one totem's KioskStatus as JSON (fails unless exactly one totem is known);
// `send` prints the command's id; `command` prints the command (state, reason) as JSON.
import { parseArgs } from 'node:util';
import {
  ADMIN_CSRF_HEADER,
  createRouteClient,
  type CallAnswer,
  type KioskCommandKind,
  type RouteRequest,
} from '../../../packages/contract/src/index.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    username: { type: 'string', default: 'admin' },
    password: { type: 'string' },
  },
});
const [verb, argument] = positionals;
if (!values.url || !values.password || !verb) {
  console.error('usage: fleet-client.ts --url URL --password P kiosk | send KIND | command ID');
  process.exit(2);
}
const base = new URL(values.url);

let cookie = '';
let csrf = '';
async function transport(request: RouteRequest): Promise<CallAnswer<unknown>> {
  const response = await fetch(new URL(request.path, base), {
    method: request.method,
    headers: {
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...(csrf ? { [ADMIN_CSRF_HEADER]: csrf } : {}),
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const envelope = (await response.json()) as CallAnswer<unknown> & { error?: string };
  if (!response.ok) {
    throw new Error(`${request.method} ${request.path}: ${response.status} ${envelope.message}`);
  }
  const session = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (session) cookie = session;
  return envelope;
}
const { call } = createRouteClient(transport);

process.on('uncaughtException', (error) => {
  console.error(`fleet-client: ${error.message}`);
  process.exit(1);
});

const session = await call('adminLogin', {
  body: { username: values.username, password: values.password },
});
csrf = session.csrfToken;

// The totem under test: the only one any development knows.
const found = [];
for (const development of await call('adminDevelopments')) {
  const fleet = await call('adminFleet', { query: { devid: development.devid } });
  for (const kiosk of fleet) found.push({ devid: development.devid, kiosk });
}
if (found.length !== 1) {
  console.error(`expected one totem in the fleet, found ${found.length}`);
  process.exit(1);
}
const { devid, kiosk } = found[0]!;

if (verb === 'kiosk') {
  console.log(JSON.stringify(kiosk));
} else if (verb === 'send' && argument) {
  const batch = await call('adminSendKioskCommand', {
    params: { devid },
    body: {
      kind: argument as KioskCommandKind,
      target: { kind: 'kiosk', kioskId: kiosk.kioskId },
    },
  });
  console.log(String(batch.commands[0]?.commandId));
} else if (verb === 'command' && argument) {
  const commands = await call('adminKioskCommands', {
    params: { devid },
    query: { kioskId: kiosk.kioskId },
  });
  const command = commands.find((one) => one.commandId === Number(argument));
  if (!command) {
    console.error(`no command ${argument} for the totem ${kiosk.kioskId}`);
    process.exit(1);
  }
  console.log(JSON.stringify(command));
} else {
  console.error(`unknown verb: ${verb}`);
  process.exit(2);
}
