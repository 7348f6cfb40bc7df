import { pathTo, webPaths, webRoutes } from './routes';

describe('web routes', () => {
  it('builds links that the router patterns match, with each parameter encoded', () => {
    expect(webRoutes.profile('ada lovelace')).toBe('/profile/ada%20lovelace');
    expect(webRoutes.activity(42)).toBe('/activity/42');
    expect(webRoutes.date('7')).toBe('/date/7');
    expect(webRoutes.collections('ada')).toBe('/ada/collections');
    expect(webRoutes.collection('ada', 'Summer Ideas/2')).toBe('/ada/collections/Summer%20Ideas%2F2');
    const token = 'nVjS3SsBQc2pnMaZFFsDV6tCXWXBBEQxgANKmq7pVE8';
    expect(webRoutes.sharedPlan('ada', token)).toBe(`/plan/shared/ada/${token}`);
  });

  it('keeps the fixed paths as they are', () => {
    expect(webRoutes.home).toBe('/');
    expect(webRoutes.adminPostTests).toBe(webPaths.adminPostTests);
  });

  it('fills every parameter of a pattern', () => {
    expect(pathTo('/:a/x/:b', { a: 'one', b: 2 })).toBe('/one/x/2');
  });
});
