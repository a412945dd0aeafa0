import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { ACCEPTED_PLATFORM_NAMES, PLATFORMS, type Platform, platformNamed } from '../../../../domain/platform/Platform';

/**
 * A platform named freely (domain/platform, platformNamed): its id or an alias (`X`), in any
 * case, read as the id before any rule runs, so the use case sees `LINKEDIN` for `linkedin`.
 * A name of no platform, or of one not in `among`, is refused with `message` (by default, the
 * names taken). Never for `settings.platform`, which is the id exactly.
 */
export const PlatformName =
  (among: readonly Platform[] = PLATFORMS, message = `must be one of ${ACCEPTED_PLATFORM_NAMES}`): PropertyDecorator =>
  (target, key) => {
    Transform(({ value }) => (typeof value === 'string' ? (platformNamed(value) ?? value) : value))(target, key);
    ValidateBy({
      name: 'isPlatformName',
      validator: { validate: (value) => typeof value === 'string' && among.some((p) => p === value), defaultMessage: () => message },
    })(target, key);
  };
