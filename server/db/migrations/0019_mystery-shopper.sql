CREATE TABLE "cliente_oculto_arquivo" (
	"arquivo_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"upload_id" text NOT NULL,
	"nome" text NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" text NOT NULL,
	"tipo" text NOT NULL,
	"storage_key" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"rodada_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cliente_oculto_rodada" (
	"rodada_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"grupo" text NOT NULL,
	"data_visita" date NOT NULL,
	"avaliador" text NOT NULL,
	"canal" text NOT NULL,
	"observacoes" text DEFAULT '' NOT NULL,
	"respostas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"finalizada" boolean DEFAULT false NOT NULL,
	"pontuacao" real,
	"selo" text,
	"token_selo" text,
	"finalizada_em" timestamp with time zone,
	"criado_por_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cliente_oculto_rodada_tokenSelo_unique" UNIQUE("token_selo")
);
--> statement-breakpoint
ALTER TABLE "cliente_oculto_arquivo" ADD CONSTRAINT "cliente_oculto_arquivo_arquivo_id_upload_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."upload"("arquivo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_oculto_arquivo" ADD CONSTRAINT "cliente_oculto_arquivo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_oculto_arquivo" ADD CONSTRAINT "cliente_oculto_arquivo_rodada_id_cliente_oculto_rodada_rodada_id_fk" FOREIGN KEY ("rodada_id") REFERENCES "public"."cliente_oculto_rodada"("rodada_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_oculto_rodada" ADD CONSTRAINT "cliente_oculto_rodada_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_oculto_rodada" ADD CONSTRAINT "cliente_oculto_rodada_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_oculto_rodada" ADD CONSTRAINT "cliente_oculto_rodada_criado_por_id_usuario_usuario_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cliente_oculto_arquivo_rodada_id_index" ON "cliente_oculto_arquivo" USING btree ("rodada_id");--> statement-breakpoint
CREATE INDEX "cliente_oculto_rodada_tenant_id_municipio_id_index" ON "cliente_oculto_rodada" USING btree ("tenant_id","municipio_id");--> statement-breakpoint
CREATE INDEX "cliente_oculto_rodada_tenant_id_grupo_index" ON "cliente_oculto_rodada" USING btree ("tenant_id","grupo");--> statement-breakpoint
CREATE INDEX "cliente_oculto_rodada_tenant_id_selo_index" ON "cliente_oculto_rodada" USING btree ("tenant_id","selo");