CREATE TABLE "sala" (
	"sala_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"nome" text NOT NULL,
	"responsavel" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"telefone" text DEFAULT '' NOT NULL,
	"endereco" text DEFAULT '' NOT NULL,
	"inauguracao" date,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sala_indicador" (
	"indicador_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"unidade_id" integer NOT NULL,
	"fonte_id" integer NOT NULL,
	"apuracao_id" integer NOT NULL,
	"leitura_id" integer NOT NULL,
	"eixo_id" integer NOT NULL,
	"meta" double precision NOT NULL,
	"maior_melhor" boolean DEFAULT true NOT NULL,
	"nivel_ids" integer[] DEFAULT '{}' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sala_indicador_apuracao" (
	"apuracao_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sala_indicador_fonte" (
	"fonte_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sala_indicador_leitura" (
	"leitura_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"meses" integer DEFAULT 1 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sala_indicador_municipio" (
	"indicador_municipio_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"indicador_id" integer NOT NULL,
	"periodo" text NOT NULL,
	"valor" double precision NOT NULL,
	"meta" double precision NOT NULL,
	"observacao" text DEFAULT '' NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sala_indicador_nivel" (
	"nivel_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"percentual_minimo" integer NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sala_indicador_unidade" (
	"unidade_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"sigla" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sala" ADD CONSTRAINT "sala_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala" ADD CONSTRAINT "sala_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador" ADD CONSTRAINT "sala_indicador_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador" ADD CONSTRAINT "sala_indicador_unidade_id_sala_indicador_unidade_unidade_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."sala_indicador_unidade"("unidade_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador" ADD CONSTRAINT "sala_indicador_fonte_id_sala_indicador_fonte_fonte_id_fk" FOREIGN KEY ("fonte_id") REFERENCES "public"."sala_indicador_fonte"("fonte_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador" ADD CONSTRAINT "sala_indicador_apuracao_id_sala_indicador_apuracao_apuracao_id_fk" FOREIGN KEY ("apuracao_id") REFERENCES "public"."sala_indicador_apuracao"("apuracao_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador" ADD CONSTRAINT "sala_indicador_leitura_id_sala_indicador_leitura_leitura_id_fk" FOREIGN KEY ("leitura_id") REFERENCES "public"."sala_indicador_leitura"("leitura_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador" ADD CONSTRAINT "sala_indicador_eixo_id_eixo_eixo_id_fk" FOREIGN KEY ("eixo_id") REFERENCES "public"."eixo"("eixo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador_apuracao" ADD CONSTRAINT "sala_indicador_apuracao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador_fonte" ADD CONSTRAINT "sala_indicador_fonte_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador_leitura" ADD CONSTRAINT "sala_indicador_leitura_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador_municipio" ADD CONSTRAINT "sala_indicador_municipio_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador_municipio" ADD CONSTRAINT "sala_indicador_municipio_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador_municipio" ADD CONSTRAINT "sala_indicador_municipio_indicador_id_sala_indicador_indicador_id_fk" FOREIGN KEY ("indicador_id") REFERENCES "public"."sala_indicador"("indicador_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador_nivel" ADD CONSTRAINT "sala_indicador_nivel_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sala_indicador_unidade" ADD CONSTRAINT "sala_indicador_unidade_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sala_municipio_id_index" ON "sala" USING btree ("municipio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sala_indicador_tenant_id_nome_index" ON "sala_indicador" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE INDEX "sala_indicador_tenant_id_eixo_id_index" ON "sala_indicador" USING btree ("tenant_id","eixo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sala_indicador_apuracao_tenant_id_nome_index" ON "sala_indicador_apuracao" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "sala_indicador_fonte_tenant_id_nome_index" ON "sala_indicador_fonte" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "sala_indicador_leitura_tenant_id_nome_index" ON "sala_indicador_leitura" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "sala_indicador_municipio_municipio_id_indicador_id_periodo_index" ON "sala_indicador_municipio" USING btree ("municipio_id","indicador_id","periodo");--> statement-breakpoint
CREATE INDEX "sala_indicador_municipio_tenant_id_municipio_id_index" ON "sala_indicador_municipio" USING btree ("tenant_id","municipio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sala_indicador_nivel_tenant_id_nome_index" ON "sala_indicador_nivel" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "sala_indicador_unidade_tenant_id_nome_index" ON "sala_indicador_unidade" USING btree ("tenant_id","nome");