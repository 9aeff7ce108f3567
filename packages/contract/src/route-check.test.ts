import { describe, expect, it } from 'vitest';
import { isPathOfRoute, routeResponseMismatch } from './route-check.js';

describe('route answers checked against the contract', () => {
  const zone = { zoneid: 3, zonename: 'HSE', devid: 1, type: 'images', checkList: false };

  it('accepts an answer that matches its route’s schema', () => {
    expect(routeResponseMismatch('zones', [zone])).toBeNull();
    expect(routeResponseMismatch('adminDeleteZone', { deleted: 4 })).toBeNull();
    expect(routeResponseMismatch('ping', 'anything: no JSON answer')).toBeNull();
  });

  it('says where an answer differs', () => {
    const problem = routeResponseMismatch('zones', [{ ...zone, zoneid: 'three' }]);
    expect(problem).toContain('zones (GET /display/zones/:devid)');
    expect(problem).toContain('/0/zoneid');
    expect(routeResponseMismatch('snapshot', null)).toMatch(/does not match/);
  });

  it('checks dates as ISO-8601 date-times', () => {
    const element = {
      elementid: 1,
      zoneid: 3,
      order: 0,
      value: 'a.png',
      type: 'image',
      addingdate: '2026-03-10T09:00:00.000Z',
    };
    expect(routeResponseMismatch('elements', [element])).toBeNull();
    expect(routeResponseMismatch('elements', [{ ...element, addingdate: 'hier' }])).toContain(
      'addingdate',
    );
  });

  it('tells whether a path is one of a route’s', () => {
    expect(isPathOfRoute('zones', '/display/zones/7')).toBe(true);
    expect(isPathOfRoute('elements', '/display/elements/7?order=2&quantity=5')).toBe(true);
    expect(isPathOfRoute('zones', '/display/zone/7/HSE')).toBe(false);
    expect(isPathOfRoute('zone', "/display/zone/3/Num%C3%A9ros%20d'urgence")).toBe(true);
    expect(isPathOfRoute('adminZone', '/api/admin/zones/12?expectedVersion=3')).toBe(true);
    expect(isPathOfRoute('adminZones', '/api/admin/zones/12')).toBe(false);
  });
});
