ALTER TABLE "usuario" ADD COLUMN "amei_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_tenant_id_amei_id_index" ON "usuario" USING btree ("tenant_id","amei_id");