DROP INDEX tax_documents_order_kind_idx;
CREATE UNIQUE INDEX tax_documents_order_kind_idx ON tax_documents (order_id, kind) WHERE return_id IS NULL;
