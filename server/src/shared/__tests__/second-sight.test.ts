import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { parse, type DocumentNode } from 'graphql';
import { SecondSightDocumentStore } from '../../graphql/apollo';
import { ResponseCache } from '../../http/response-cache';
import { SecondSight } from '../second-sight';

const answer = (body: string) => ({
  status: 200,
  contentType: 'application/json',
  cacheControl: 'public, no-cache',
  body: Buffer.from(body),
});

describe('admission at second sight', () => {
  it('admits a key the second time it is offered, then needs two sights again', () => {
    const admission = new SecondSight(100);
    expect(admission.admit('/?utm=a')).toBe(false);
    expect(admission.admit(42)).toBe(false);
    expect(admission.admit('/?utm=a')).toBe(true);
    expect(admission.admit(42)).toBe(true);
    expect(admission.admit('/?utm=a')).toBe(false);
  });

  it('remembers only the last keys offered once: a key seen before a flood of one-offs counts as new', () => {
    const admission = new SecondSight(100);
    admission.admit('/product/1');
    for (let index = 0; index < 100; index += 1) expect(admission.admit(`/?bust=${index}`)).toBe(false);
    expect(admission.admit('/product/1')).toBe(false);
    expect(admission.admit('/product/1')).toBe(true);
  });
});

describe('the response cache under cache-busting query strings', () => {
  it('stores none of 50,000 one-off answers, and a repeated one from its second request', () => {
    const cache = new ResponseCache(1_000_000);
    for (let index = 0; index < 50_000; index += 1) {
      cache.store(`data:/api/products/list?x=${index}`, cache.generation, ['product-list'], answer('[]'));
    }
    expect(cache.size).toBe(0);
    expect(cache.calculatedBytes).toBe(0);
    cache.store('data:/api/products/list', cache.generation, ['product-list'], answer('[1]'));
    expect(cache.lookup('data:/api/products/list')).toBeUndefined();
    cache.store('data:/api/products/list', cache.generation, ['product-list'], answer('[1]'));
    expect(cache.lookup('data:/api/products/list')?.body.toString()).toBe('[1]');
  });

  it('keeps an answer dropped by a catalogue change again from its next request', () => {
    const cache = new ResponseCache(1_000_000);
    for (let time = 0; time < 2; time += 1)
      cache.store('html:/product/5', cache.generation, ['product:5'], answer('a'));
    cache.drop(['product:5']);
    cache.store('html:/product/5', cache.generation, ['product:5'], answer('b'));
    expect(cache.lookup('html:/product/5')?.body.toString()).toBe('b');
    for (let time = 0; time < 2; time += 1) cache.store('html:/', cache.generation, ['product:5'], answer('home'));
    cache.clear();
    cache.store('html:/', cache.generation, ['product:5'], answer('home'));
    expect(cache.lookup('html:/')).toBeDefined();
  });

  it('stays within its bytes when every answer is asked for twice', () => {
    const cache = new ResponseCache(20_000);
    for (let index = 0; index < 1000; index += 1) {
      for (const _time of [1, 2])
        cache.store(`page:${index}`, cache.generation, ['product-list'], answer('x'.repeat(500)));
    }
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.calculatedBytes).toBeLessThanOrEqual(20_000);
  });
});

describe("Apollo's document store", () => {
  it('keeps a parsed document from the second time its text is sent', async () => {
    const store = new SecondSightDocumentStore(new InMemoryLRUCache<DocumentNode>());
    const document = parse('{ products { id } }');
    for (let index = 0; index < 1000; index += 1) await store.set(`hash-${index}`, document);
    expect(await store.get('hash-1')).toBeUndefined();
    await store.set('hash-page', document);
    await store.set('hash-page', document);
    expect(await store.get('hash-page')).toBe(document);
  });
});
