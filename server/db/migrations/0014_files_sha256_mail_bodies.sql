ALTER TABLE "files" ADD COLUMN "sha256" text;--> statement-breakpoint
-- Mail bodies are now encrypted in the outbox and emptied once sent; older rows held reset codes and activation or
-- invitation links in clear. Those are emptied here (a still-valid link can be sent again from the portal).
UPDATE "mail_outbox" SET "text" = '', "html" = '' WHERE "sent_at" IS NOT NULL OR "template" IN ('activation', 'password-reset', 'business-invitation');
--> statement-breakpoint
UPDATE "mail_outbox" SET "subject" = 'Your KYC Portal password reset code' WHERE "template" = 'password-reset';
