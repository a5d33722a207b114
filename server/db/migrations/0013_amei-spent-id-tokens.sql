CREATE TABLE "amei_token_usado" (
	"chave" text PRIMARY KEY NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "amei_token_usado_expira_em_index" ON "amei_token_usado" USING btree ("expira_em");