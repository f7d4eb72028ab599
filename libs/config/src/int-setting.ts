import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { parseIntStrict } from './load-config';

/**
 * A whole-number setting read from the environment: parsed strictly, then checked against its
 * bounds. Same as writing `@Transform(parseIntStrict) @IsInt() @Min(min) @Max(max)` on the field.
 */
export function IntSetting(min: number, max?: number): PropertyDecorator {
  const decorators: PropertyDecorator[] = [Transform(({ value }) => parseIntStrict(value)), IsInt(), Min(min)];
  if (max !== undefined) decorators.push(Max(max));
  // Stacked decorators apply bottom-up; keep that order so validation messages come out as before.
  return (target, key) => {
    for (const decorator of [...decorators].reverse()) decorator(target, key);
  };
}
