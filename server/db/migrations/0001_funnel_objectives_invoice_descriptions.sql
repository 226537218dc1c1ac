ALTER TABLE "funnels" ADD COLUMN "objective" text;--> statement-breakpoint
ALTER TABLE "funnels" ADD COLUMN "deliverables" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "description" text;