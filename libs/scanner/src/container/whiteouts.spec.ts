import { hiddenLayerPaths, isWhiteoutMarker, whiteoutTarget, type LayerEntry } from './whiteouts';

const f = (path: string): LayerEntry => ({ path, type: 'file' });
const d = (path: string): LayerEntry => ({ path, type: 'directory' });
const l = (path: string): LayerEntry => ({ path, type: 'symlink' });

/** `layer:path reason<-byLayer` for compact expectations. */
const summary = (layers: LayerEntry[][]) => hiddenLayerPaths(layers).map((h) => `${h.layer}:${h.path} ${h.reason}<-${h.byLayer}`).sort();

describe('whiteouts', () => {
  it('recognizes markers and what they hide', () => {
    expect(isWhiteoutMarker('etc/.wh.passwd')).toBe(true);
    expect(isWhiteoutMarker('.wh..wh..opq')).toBe(true);
    expect(isWhiteoutMarker('etc/passwd.wh.')).toBe(false);
    expect(whiteoutTarget('etc/.wh.passwd')).toEqual({ path: 'etc/passwd', opaque: false });
    expect(whiteoutTarget('.wh.top')).toEqual({ path: 'top', opaque: false });
    expect(whiteoutTarget('var/cache/.wh..wh..opq')).toEqual({ path: 'var/cache', opaque: true });
  });

  it('hides a whited-out file, and a whited-out directory with everything below it, in lower layers only', () => {
    expect(summary([
      [d('etc'), f('etc/passwd'), f('etc/hosts'), d('usr'), d('usr/share'), d('usr/share/doc'), f('usr/share/doc/a'), d('usr/share/doc/sub'), f('usr/share/doc/sub/b')],
      [d('etc'), f('etc/.wh.passwd'), d('usr'), d('usr/share'), f('usr/share/.wh.doc')],
      // The top layer recreates the directory: its own content is visible.
      [d('usr'), d('usr/share'), d('usr/share/doc'), f('usr/share/doc/new')],
    ])).toEqual([
      '0:etc/passwd whiteout<-1',
      '0:usr/share/doc whiteout<-1',
      '0:usr/share/doc/a whiteout<-1',
      '0:usr/share/doc/sub whiteout<-1',
      '0:usr/share/doc/sub/b whiteout<-1',
      '1:etc/.wh.passwd whiteout-marker<-1',
      '1:usr/share/.wh.doc whiteout-marker<-1',
    ]);
  });

  it('makes an opaque directory hide the children it had below, not itself nor its own layer', () => {
    expect(summary([
      [d('var'), d('var/cache'), f('var/cache/old'), d('var/cache/apt'), f('var/cache/apt/x'), f('var/keep')],
      [d('var'), d('var/cache'), f('var/cache/.wh..wh..opq'), f('var/cache/fresh')],
    ])).toEqual([
      '0:var/cache/apt opaque-directory<-1',
      '0:var/cache/apt/x opaque-directory<-1',
      '0:var/cache/old opaque-directory<-1',
      '1:var/cache/.wh..wh..opq whiteout-marker<-1',
    ]);
  });

  it('lets an upper entry replace a lower one unless both are directories, with the nearest layer named', () => {
    expect(summary([
      [d('a'), f('a/x'), f('conf'), d('lib'), f('lib/libc.so'), f('same')],
      [f('a'), d('conf'), d('lib'), f('same')],
      [l('same'), l('lib')],
    ])).toEqual([
      '0:a overwritten<-1',
      '0:a/x overwritten<-1',
      '0:conf overwritten<-1',
      '0:lib overwritten<-2',
      '0:lib/libc.so overwritten<-2',
      '0:same overwritten<-1',
      '1:lib overwritten<-2',
      '1:same overwritten<-2',
    ]);
  });

  it('hides nothing in a single layer but its markers', () => {
    expect(summary([[d('etc'), f('etc/.wh.x'), f('etc/x')]])).toEqual(['0:etc/.wh.x whiteout-marker<-0']);
  });
});
