/**
 * Reading CAP 1.2 documents (cap-document.ts): the schema's rules one by one, the namespace however
 * it is written, and the answers' form.
 */
import { CAP_NAMESPACE } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { capAnswer, capTimeOf, CapRefusal, readCapDocument } from './cap-document.js';

const HEAD = `<identifier>id-1</identifier><sender>gtb@usine</sender><sent>2026-11-27T10:00:00+01:00</sent><status>Actual</status><msgType>Alert</msgType><scope>Public</scope>`;
const INFO = `<info><category>Fire</category><event>Évacuation</event><urgency>Immediate</urgency><severity>Severe</severity><certainty>Observed</certainty></info>`;
const doc = (body: string, open = `<alert xmlns="${CAP_NAMESPACE}">`, close = '</alert>') =>
  `<?xml version="1.0" encoding="UTF-8"?>${open}${body}${close}`;

function refusal(xml: string): CapRefusal {
  try {
    readCapDocument(xml);
  } catch (error) {
    if (error instanceof CapRefusal) return error;
    throw error;
  }
  throw new Error('the document was accepted');
}

describe('readCapDocument', () => {
  it('reads a whole message: key, status, type, references and each info block', () => {
    const message = readCapDocument(
      doc(
        `${HEAD.replace('<scope>Public</scope>', '<scope>Public</scope><note>n</note><references>a@b,x-1,2026-11-27T09:00:00+01:00 a@b,x-2,2026-11-27T09:05:00+01:00</references>')}` +
          `<info><language>fr-FR</language><category>Fire</category><category>Safety</category><event>Évacuation</event><responseType>Evacuate</responseType><urgency>Immediate</urgency><severity>Severe</severity><certainty>Observed</certainty>` +
          `<eventCode><valueName>BMS</valueName><value>FIRE-B</value></eventCode><expires>2026-11-27T11:00:00+01:00</expires><headline>Feu bâtiment B</headline><description><![CDATA[Fumée <détectée>]]></description><instruction>Sortez &amp; rejoignez le point</instruction>` +
          `<area><areaDesc>Bâtiment B</areaDesc><circle>49.1,1.2 0.5</circle></area></info>`,
      ),
    );
    expect(message).toMatchObject({
      identifier: 'id-1',
      sender: 'gtb@usine',
      status: 'Actual',
      msgType: 'Alert',
      references: [
        { sender: 'a@b', identifier: 'x-1', sent: '2026-11-27T09:00:00+01:00' },
        { sender: 'a@b', identifier: 'x-2', sent: '2026-11-27T09:05:00+01:00' },
      ],
      infos: [
        {
          language: 'fr-FR',
          event: 'Évacuation',
          eventCodes: [{ valueName: 'BMS', value: 'FIRE-B' }],
          expires: '2026-11-27T11:00:00+01:00',
          headline: 'Feu bâtiment B',
          description: 'Fumée <détectée>',
          instruction: 'Sortez & rejoignez le point',
        },
      ],
    });
  });

  it('takes the CAP namespace under any prefix, and CAP’s default language when none is said', () => {
    const message = readCapDocument(
      doc(
        (HEAD + INFO).replace(/<(\/?)(\w+)>/g, '<$1cap:$2>'),
        `<cap:alert xmlns:cap="${CAP_NAMESPACE}">`,
        '</cap:alert>',
      ),
    );
    expect(message.infos[0]?.language).toBe('en-US');
  });

  it('allows an XML signature at the end of the alert, and nothing unknown elsewhere', () => {
    const signed = doc(
      `${HEAD}${INFO}<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo/></Signature>`,
    );
    expect(readCapDocument(signed).identifier).toBe('id-1');
    expect(refusal(doc(`${HEAD}<colour>red</colour>${INFO}`)).message).toContain(
      'not a CAP 1.2 element',
    );
    expect(refusal(doc(`${HEAD}${INFO}<x:extra xmlns:x="urn:other"/>`)).message).toContain(
      'namespace "urn:other"',
    );
  });

  it.each([
    [
      'an element out of order',
      HEAD.replace(
        '<identifier>id-1</identifier><sender>gtb@usine</sender>',
        '<sender>gtb@usine</sender><identifier>id-1</identifier>',
      ) + INFO,
      'lacks <identifier> before <sender>',
    ],
    ['a status CAP does not have', HEAD.replace('Actual', 'Real') + INFO, '"Real": CAP 1.2 allows'],
    [
      'a msgType CAP does not have',
      HEAD.replace('<msgType>Alert', '<msgType>Start') + INFO,
      'msgType> is "Start"',
    ],
    [
      'a second sender',
      HEAD.replace('<sent>', '<sender>x</sender><sent>') + INFO,
      'more than one <sender>',
    ],
    [
      'an info without event',
      HEAD + INFO.replace('<event>Évacuation</event>', ''),
      'lacks <event>',
    ],
    ['an info with an unknown category', HEAD + INFO.replace('Fire', 'Flood'), '"Flood"'],
    ['an empty sender', HEAD.replace('gtb@usine', ' '), '<alert/sender> is empty'],
    ['a sender with a space', HEAD.replace('gtb@usine', 'gtb usine') + INFO, 'forbids there'],
    ['an identifier with a comma', HEAD.replace('id-1', 'id,1') + INFO, 'forbids there'],
    [
      'a reference that is no triple',
      HEAD + '<references>gtb@usine,id-0</references>' + INFO,
      'is not "sender,identifier,sent"',
    ],
    [
      'text between elements',
      HEAD.replace('<scope>', 'loose text<scope>') + INFO,
      'holds text outside its elements',
    ],
    [
      'a size that is no integer',
      HEAD +
        INFO.replace(
          '</info>',
          '<resource><resourceDesc>plan</resourceDesc><mimeType>image/png</mimeType><size>big</size></resource></info>',
        ),
      'is not an integer',
    ],
  ])('refuses %s, saying where', (_what, body, words) => {
    const refused = refusal(doc(body));
    expect(refused.isCap).toBe(true);
    expect(refused.status).toBe(400);
    expect(refused.message).toContain(words);
  });

  it('refuses what is no CAP document without claiming it is one', () => {
    expect(refusal('not xml at all').isCap).toBe(false);
    expect(refusal('<alert xmlns="urn:x"><unclosed></alert>').isCap).toBe(false);
    expect(refusal(`<feed xmlns="${CAP_NAMESPACE}"/>`).isCap).toBe(false);
    const dtd = refusal(`<!DOCTYPE alert SYSTEM "http://example.org/x.dtd"><alert/>`);
    expect(dtd.isCap).toBe(false);
    expect(dtd.message).toContain('document type declaration');
  });

  it('keeps what it could read of the key in a refusal, for the Error to reference', () => {
    const refused = refusal(doc(HEAD.replace('Public', 'Everyone') + INFO));
    expect(refused.cap).toMatchObject({
      sender: 'gtb@usine',
      identifier: 'id-1',
      sent: '2026-11-27T10:00:00+01:00',
      status: 'Actual',
    });
  });
});

describe('capAnswer', () => {
  it('writes a CAP Ack that is itself a valid CAP 1.2 message referencing the one answered', () => {
    const xml = capAnswer({
      msgType: 'Ack',
      sender: 'plant-kiosk.development-1',
      identifier: 'answer-1',
      now: new Date('2026-11-27T09:00:00.000Z'),
      note: 'Alerte « Évacuation » déclenchée & montrée',
      answered: {
        sender: 'gtb@usine',
        identifier: 'id-1',
        sent: '2026-11-27T10:00:00+01:00',
        status: 'Exercise',
      },
    });
    const read = readCapDocument(xml);
    expect(read).toMatchObject({
      msgType: 'Ack',
      status: 'Exercise',
      sent: '2026-11-27T09:00:00-00:00',
      scope: 'Private',
      note: 'Alerte « Évacuation » déclenchée & montrée',
      references: [{ sender: 'gtb@usine', identifier: 'id-1', sent: '2026-11-27T10:00:00+01:00' }],
    });
  });

  it('leaves the references out when the answered key could not be read whole', () => {
    const xml = capAnswer({
      msgType: 'Error',
      sender: 'plant-kiosk.development-1',
      identifier: 'answer-2',
      now: new Date(),
      note: '<alert> lacks <identifier>',
      answered: { sender: 'gtb@usine' },
    });
    const read = readCapDocument(xml);
    expect(read.references).toEqual([]);
    expect(read.note).toBe('<alert> lacks <identifier>');
    expect(capTimeOf(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05-00:00');
  });
});
