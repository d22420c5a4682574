import 'reflect-metadata';
import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int } from 'type-graphql';

// Each content field is both a database column (MikroORM) and a GraphQL field (type-graphql).
// These decorators declare both at once, with explicit types (no decorator metadata needed).

type ScalarType = typeof String | typeof Boolean | typeof Date | typeof Int;

function column(graphqlType: ScalarType, nullable: boolean, property: Record<string, unknown>): PropertyDecorator {
  return (target, key) => {
    Field(() => graphqlType, { nullable })(target, key);
    Property(property)(target, key as string);
  };
}

/** Serial integer primary key. */
export function IdColumn(): PropertyDecorator {
  return (target, key) => {
    Field(() => Int)(target, key);
    PrimaryKey({ type: 'integer', autoincrement: true })(target, key as string);
  };
}

/** Text; required unless `nullable`, with an optional database default. */
export function TextColumn(options: { nullable?: boolean; default?: string } = {}): PropertyDecorator {
  const nullable = options.nullable ?? false;
  return column(String, nullable, {
    type: 'text',
    ...(nullable && { nullable: true }),
    ...(options.default !== undefined && { default: options.default }),
  });
}

/** Whole number, with an optional database default. */
export function IntColumn(options: { default?: number } = {}): PropertyDecorator {
  return column(Int, false, { type: 'integer', ...(options.default !== undefined && { default: options.default }) });
}

/** The position in public lists (ascending, ties by id); 0 unless given. */
export function DisplayOrderColumn(): PropertyDecorator {
  return IntColumn({ default: 0 });
}

/** An on/off flag, off unless given. */
export function FlagColumn(): PropertyDecorator {
  return column(Boolean, false, { type: 'boolean', default: false });
}

/** A timestamp the database sets on insert. */
export function CreatedAtColumn(): PropertyDecorator {
  return column(Date, false, { type: 'datetime', defaultRaw: 'now()' });
}
