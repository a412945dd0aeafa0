import { expect } from 'chai';
import { joinSegments, splitSegments } from '../../../../../adapters/inbound/http/csv/segmentText';

describe('the text cell: segments separated by a line ---', () => {
  it('splits at each line holding exactly ---, its line break (\\n or \\r\\n) not part of a segment', () => {
    expect(splitSegments('one\n---\ntwo\r\n---\r\nthree')).to.deep.equal(['one', 'two', 'three']);
    expect(splitSegments('only one')).to.deep.equal(['only one']);
    expect(splitSegments('')).to.deep.equal(['']);
    expect(splitSegments('a --- b\n ---\n----')).to.deep.equal(['a --- b\n ---\n----']);
  });

  it('reads \\--- as a line --- of the segment, and one backslash less for each line of backslashes then ---', () => {
    expect(splitSegments('a\n\\---\nb')).to.deep.equal(['a\n---\nb']);
    expect(splitSegments('a\n\\\\---\n---\nb')).to.deep.equal(['a\n\\---', 'b']);
  });

  for (const segments of [
    ['one', 'two'],
    ['---', '\\---', '\\\\---\r'],
    ['', ''],
    ['ends with a return\r', 'then\r\n---\r\nnot a separator'],
    ['\n---\n', '---'],
    ['Ünïcødé 🎉, "quotes", commas'],
  ]) {
    it(`round trip: ${JSON.stringify(segments)}`, () => {
      expect(splitSegments(joinSegments(segments))).to.deep.equal(segments);
    });
  }
});
