// Read views, named and shaped as the spec names them; and the row types others import.
import { sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgView, text, uuid } from "drizzle-orm/pg-core";
import { time } from "./columns";
import { users } from "./accounts";
import { contests } from "./contests";

// The dashboard's read view, named and shaped as the spec names it.
export const contest_details = pgView("contest_details", {
  user_id: uuid("user_id").notNull(),
  user_contest_entry_id: uuid("user_contest_entry_id").notNull(),
  contest_id: uuid("contest_id").notNull(),
  contest_title: text("contest_title").notNull(),
  contest_start_time: time("contest_start_time").notNull(),
  contest_end_time: time("contest_end_time").notNull(),
  contest_duration_minutes: integer("contest_duration_minutes").notNull(),
  contest_entry_fee: integer("contest_entry_fee").notNull(),
  contest_prize_pool: jsonb("contest_prize_pool").$type<Record<string, unknown>>().notNull(),
  user_status: boolean("user_status").notNull(),
  has_submitted: boolean("has_submitted").notNull(),
  contest_rank: integer("contest_rank"),
  contest_score: integer("contest_score"),
  contest_prize_amount: integer("contest_prize_amount"),
}).as(sql`
  SELECT e.user_id,
         e.id AS user_contest_entry_id,
         c.id AS contest_id,
         c.title AS contest_title,
         c.start_time AS contest_start_time,
         c.end_time AS contest_end_time,
         c.duration_minutes AS contest_duration_minutes,
         c.entry_fee AS contest_entry_fee,
         c.prize_pool AS contest_prize_pool,
         e.status AS user_status,
         e.has_submitted,
         r.rank AS contest_rank,
         r.score AS contest_score,
         r.prize_amount AS contest_prize_amount
    FROM user_contest_entries e
    JOIN contests c ON c.id = e.contest_id
    LEFT JOIN contest_results r ON r.contest_id = e.contest_id AND r.user_id = e.user_id
`);

export type User = typeof users.$inferSelect;
export type Contest = typeof contests.$inferSelect;
