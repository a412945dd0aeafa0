import { expect } from 'chai';
import { IsInt, IsString, MaxLength } from 'class-validator';
import { validateBody } from '../../../../adapters/inbound/http/validation';

class Parent {
  @IsString() @MaxLength(5) name!: string;
}

class Child extends Parent {
  @IsInt() count!: number;
}

const problems = (dto: new () => object, body: unknown) => {
  try {
    validateBody(dto, body);
    return [];
  } catch (error) {
    return (error as { details: unknown[] }).details;
  }
};

describe('validateBody with the rules gathered once per class (validationRulesOnce)', () => {
  it('gives the same answers on every call, inherited rules included', () => {
    for (let round = 0; round < 3; round++) {
      expect(problems(Parent, { name: 'abc' })).to.deep.equal([]);
      expect(problems(Parent, { name: 'abcdefgh', extra: 1 })).to.deep.equal([
        { path: 'extra', message: 'is not an allowed property' },
        { path: 'name', message: 'must be shorter than or equal to 5 characters' },
      ]);
      expect(problems(Child, { name: 7, count: 'x' })).to.deep.equal([
        { path: 'count', message: 'must be an integer number' },
        { path: 'name', message: 'must be a string' },
      ]);
    }
  });

  it('takes a rule declared after a class was first validated into account', () => {
    class Late {
      @IsString() title!: string;
    }
    expect(problems(Late, { title: 'a', pages: 'x' })).to.deep.equal([{ path: 'pages', message: 'is not an allowed property' }]);
    IsInt()(Late.prototype, 'pages');
    expect(problems(Late, { title: 'a', pages: 'x' })).to.deep.equal([{ path: 'pages', message: 'must be an integer number' }]);
  });
});
