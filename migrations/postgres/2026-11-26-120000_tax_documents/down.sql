DROP TABLE tax_document_lines;
DROP TABLE tax_documents;
DROP TABLE document_counters;
