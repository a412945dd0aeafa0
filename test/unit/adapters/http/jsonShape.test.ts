import { expect } from 'chai';
import {
  DUPLICATE_KEY,
  duplicateKeyProblems,
  jsonShapeProblems,
  MAX_DEPTH,
  NOT_ALLOWED,
  NOT_WELL_FORMED,
  TOO_DEEP,
} from '../../../../adapters/inbound/http/jsonShape';

/** `{"a":{"a":…{"a":1}}}` with the 1 at `depth` (the body itself is at 0). */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** `[[…[]…]]`, `levels` arrays deep, built without recursion. */
function arrays(levels: number): unknown {
  let value: unknown[] = [];
  for (let i = 1; i < levels; i++) value = [value];
  return value;
}

describe('jsonShapeProblems (pre-scan of a parsed JSON body)', () => {
  it('finds nothing wrong with an ordinary body', () => {
    const body = {
      groups: [{ id: 'g1', segments: [{ text: 'Hello 👋 wörld', media: [] }] }],
      targets: [{ settings: { values: { a: null, b: 1.5, c: true } } }],
    };
    expect(jsonShapeProblems(body)).to.deep.equal([]);
  });

  describe('keys named like Object.prototype members', () => {
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      it(`refuses "${name}", naming its path`, () => {
        const body = JSON.parse(`{"targets":[{"settings":{"values":{"replyRestriction":"everyone","${name}":1}}}]}`) as unknown;
        expect(jsonShapeProblems(body)).to.deep.equal([{ path: `targets[0].settings.values.${name}`, message: NOT_ALLOWED }]);
      });
    }

    it('refuses them at the top level too, and names every one in document order', () => {
      expect(jsonShapeProblems({ toString: 1, ok: { valueOf: 2 }, hasOwnProperty: 3 })).to.deep.equal([
        { path: 'toString', message: NOT_ALLOWED },
        { path: 'ok.valueOf', message: NOT_ALLOWED },
        { path: 'hasOwnProperty', message: NOT_ALLOWED },
      ]);
    });

    it('allows such names as string values', () => {
      expect(jsonShapeProblems({ name: 'constructor', list: ['__proto__', 'toString'] })).to.deep.equal([]);
    });
  });

  describe('depth', () => {
    it(`allows a value ${MAX_DEPTH} levels down`, () => {
      expect(jsonShapeProblems(nested(MAX_DEPTH))).to.deep.equal([]);
    });

    it(`refuses one ${MAX_DEPTH + 1} levels down, naming it`, () => {
      expect(jsonShapeProblems(nested(MAX_DEPTH + 1))).to.deep.equal([
        {
          path: Array(MAX_DEPTH + 1)
            .fill('a')
            .join('.'),
          message: TOO_DEEP,
        },
      ]);
    });

    it('allows an empty container at the deepest level', () => {
      expect(jsonShapeProblems(arrays(MAX_DEPTH + 1))).to.deep.equal([]);
      expect(jsonShapeProblems(arrays(MAX_DEPTH + 2))).to.deep.equal([{ path: '[0]'.repeat(MAX_DEPTH + 1), message: TOO_DEEP }]);
    });

    it('scans a million levels without overflowing the stack', () => {
      const problems = jsonShapeProblems(arrays(1_000_000));
      expect(problems).to.have.length(1);
      expect(problems[0]!.message).to.equal(TOO_DEEP);
    });

    it('takes another limit, and can check the depth alone', () => {
      expect(jsonShapeProblems([nested(3)], { maxDepth: 3 })).to.deep.equal([{ path: '[0].a.a.a', message: TOO_DEEP }]);
      expect(jsonShapeProblems({ constructor: 'a\ud800' }, { depthOnly: true })).to.deep.equal([]);
    });
  });

  describe('well-formed Unicode', () => {
    for (const [label, text] of [
      ['a lone high surrogate', 'a\ud800b'],
      ['a lone low surrogate', '\udc00'],
      ['reversed halves', '\ude00\ud83d'],
      ['a cut pair', '😀'.slice(0, 1)],
    ] as const) {
      it(`refuses ${label} in a string value`, () => {
        expect(jsonShapeProblems({ groups: [{ segments: [{ text }] }] })).to.deep.equal([{ path: 'groups[0].segments[0].text', message: NOT_WELL_FORMED }]);
      });
    }

    it('refuses one in an array element and in a key, showing the key well-formed', () => {
      expect(jsonShapeProblems({ scopes: ['ok', 'x\udfff'], values: { 'k\ud800': 1 } })).to.deep.equal([
        { path: 'scopes[1]', message: NOT_WELL_FORMED },
        { path: 'values.k\ufffd', message: NOT_WELL_FORMED },
      ]);
    });

    it('accepts surrogate pairs', () => {
      expect(jsonShapeProblems({ '😀': '😀🇫🇷' })).to.deep.equal([]);
    });
  });

  it('names at most 20 problems', () => {
    const body = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, '\ud800']));
    expect(jsonShapeProblems(body)).to.have.length(20);
  });

  it('shortens a long key in a path', () => {
    const key = 'x'.repeat(1000);
    const [problem] = jsonShapeProblems({ [key]: { toString: 1 } });
    expect(problem!.path).to.equal(`${'x'.repeat(64)}….toString`);
  });
});

describe('duplicateKeyProblems (keys given twice in the JSON text)', () => {
  it('finds none in ordinary JSON, keys repeated across objects included', () => {
    expect(duplicateKeyProblems('{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}],"d":"\\"a\\":1,\\"a\\":2"}')).to.deep.equal([]);
  });

  it('names a duplicate at the top level', () => {
    expect(duplicateKeyProblems('{"role":"viewer","role":"owner"}')).to.deep.equal([{ path: 'role', message: DUPLICATE_KEY }]);
  });

  it('names one inside arrays and objects, by index and key', () => {
    const text = ' { "groups" : [ {"id":"g1"} , { "id" : "g2", "segments": [1, {"text":"a", "text" :"b"}] } ] } ';
    expect(duplicateKeyProblems(text)).to.deep.equal([{ path: 'groups[1].segments[1].text', message: DUPLICATE_KEY }]);
  });

  it('sees through escapes: "\\u0072ole" is "role"', () => {
    expect(duplicateKeyProblems('{"role":"a","\\u0072ole":"b"}')).to.deep.equal([{ path: 'role', message: DUPLICATE_KEY }]);
  });

  it('is not fooled by quotes, braces and commas inside strings', () => {
    expect(duplicateKeyProblems('{"a":"}{,\\"","b":["],[", "{\\\\"],"c":1}')).to.deep.equal([]);
    expect(duplicateKeyProblems('{"a\\"":1,"a\\"":2}')).to.deep.equal([{ path: 'a"', message: DUPLICATE_KEY }]);
  });

  it('agrees with JSON.parse on what the text holds', () => {
    const text = '{"x":[{"k":1,"k":2}]}';
    expect(JSON.parse(text)).to.deep.equal({ x: [{ k: 2 }] });
    expect(duplicateKeyProblems(text)).to.deep.equal([{ path: 'x[0].k', message: DUPLICATE_KEY }]);
  });
});
