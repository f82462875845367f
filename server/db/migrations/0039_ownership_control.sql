ALTER TABLE "shareholders" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "shareholders" ADD COLUMN "voting_units" integer;--> statement-breakpoint
ALTER TABLE "shareholders" ADD COLUMN "appoints_majority" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholders" ADD COLUMN "significant_influence" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholders" ADD COLUMN "influence_description" text;--> statement-breakpoint
ALTER TABLE "shareholders" ADD CONSTRAINT "shareholders_voting_range" CHECK ("shareholders"."voting_units" IS NULL OR ("shareholders"."voting_units" >= 0 AND "shareholders"."voting_units" <= 10000));