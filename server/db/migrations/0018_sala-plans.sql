CREATE TABLE "sala_5w2h" (
	"sala5w2h_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"o_que" text NOT NULL,
	"por_que" text NOT NULL,
	"onde" text NOT NULL,
	"quando" date NOT NULL,
	"quem" text NOT NULL,
	"como" text NOT NULL,
	"quanto" integer NOT NULL,
	"status" text DEFAULT 'nao-iniciado' NOT NULL,
	"progresso" integer DEFAULT 0 NOT NULL,
	"hash_publico" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sala_custo" (
	"sala_custo_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"categoria" text NOT NULL,
	"servico" text,
	"descricao" text NOT NULL,
	"data" date NOT NULL,
	"valor" integer NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sala_tempo" (
	"sala_tempo_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"servico" text NOT NULL,
	"data" date NOT NULL,
	"duracao_minutos" integer NOT NULL,
	"observacao" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sala_tempo_painel" (
	"municipio_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"hash" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sala_5w2h" ADD CONSTRAINT "sala_5w2h_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_5w2h" ADD CONSTRAINT "sala_5w2h_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_custo" ADD CONSTRAINT "sala_custo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_custo" ADD CONSTRAINT "sala_custo_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_tempo" ADD CONSTRAINT "sala_tempo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_tempo" ADD CONSTRAINT "sala_tempo_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_tempo_painel" ADD CONSTRAINT "sala_tempo_painel_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_tempo_painel" ADD CONSTRAINT "sala_tempo_painel_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sala_5w2h_tenant_id_municipio_id_index" ON "sala_5w2h" USING btree ("tenant_id","municipio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sala_5w2h_hash_publico_index" ON "sala_5w2h" USING btree ("hash_publico");--> statement-breakpoint
CREATE INDEX "sala_custo_tenant_id_municipio_id_data_index" ON "sala_custo" USING btree ("tenant_id","municipio_id","data");--> statement-breakpoint
CREATE INDEX "sala_tempo_tenant_id_municipio_id_data_index" ON "sala_tempo" USING btree ("tenant_id","municipio_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "sala_tempo_painel_hash_index" ON "sala_tempo_painel" USING btree ("hash");