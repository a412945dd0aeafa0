import { expect } from 'chai';
import { DomainError } from '../../../../domain/shared/DomainError';
import { normalizeEmail } from '../../../../domain/shared/Email';
import { assertAcceptablePassword, User } from '../../../../domain/user/User';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const newUser = (email: string, name?: string | null) => User.create({ id: 'user_1', email, name, passwordHash: 'scrypt$hash', now: NOW });

describe('normalizeEmail', () => {
  it('trims and lower-cases, so addresses compare case-insensitively', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).to.equal('ada.lovelace@example.com');
  });

  for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada lovelace@example.com', 'ada@@example.com']) {
    it(`refuses ${JSON.stringify(bad)}`, () => {
      expect(() => normalizeEmail(bad, 'body.email'))
        .to.throw(DomainError)
        .that.includes({ kind: 'validation', code: 'invalid_email' })
        .and.has.nested.property('details[0].path', 'body.email');
    });
  }

  it('accepts an address of 254 characters and refuses one of 255', () => {
    const local = 'a'.repeat(64);
    const at254 = `${local}@${'b'.repeat(254 - 64 - 1 - 4)}.com`;
    expect(at254).to.have.length(254);
    expect(normalizeEmail(at254)).to.equal(at254);
    expect(() => normalizeEmail(`a${at254}`))
      .to.throw(DomainError)
      .with.property('code', 'invalid_email');
  });
});

describe('User.create', () => {
  it('keeps the email normalised and the name trimmed', () => {
    const user = newUser(' Ada@Example.com ', '  Ada Lovelace ');
    expect(user.toSnapshot()).to.deep.equal({
      id: 'user_1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      passwordHash: 'scrypt$hash',
      createdAt: NOW,
    });
  });

  it('stores a missing or blank name as null', () => {
    expect(newUser('ada@example.com').name).to.equal(null);
    expect(newUser('ada@example.com', null).name).to.equal(null);
    expect(newUser('ada@example.com', '   ').name).to.equal(null);
  });

  it('accepts a 200-character name and refuses a 201-character one', () => {
    expect(newUser('ada@example.com', 'n'.repeat(200)).name).to.have.length(200);
    expect(() => newUser('ada@example.com', 'n'.repeat(201)))
      .to.throw(DomainError)
      .that.includes({ kind: 'validation', code: 'invalid_name' });
  });

  it('refuses an invalid email', () => {
    expect(() => newUser('not-an-email'))
      .to.throw(DomainError)
      .with.property('code', 'invalid_email');
  });
});

describe('assertAcceptablePassword', () => {
  it('accepts 12 to 1024 characters', () => {
    expect(() => assertAcceptablePassword('a'.repeat(12))).not.to.throw();
    expect(() => assertAcceptablePassword('a'.repeat(1024))).not.to.throw();
  });

  it('refuses 11 characters or fewer, and more than 1024', () => {
    for (const password of ['', 'a'.repeat(11), 'a'.repeat(1025)]) {
      expect(() => assertAcceptablePassword(password), `${password.length} characters`)
        .to.throw(DomainError)
        .that.includes({ kind: 'validation', code: 'weak_password' })
        .and.has.nested.property('details[0].path', 'password');
    }
  });
});
