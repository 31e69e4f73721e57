-- Search matches the location's words too (decisions §21). New and edited events get them from the
-- application's accent folding (server/lib/search-text.ts); existing events get them here. translate()
-- folds the accented Latin letters NFKD decomposes, as the application does, so "Montréal" is found as
-- "montreal"; the 'simple' parser splits the words at punctuation as the application does.
UPDATE "events" SET "search_vector" = "search_vector" || to_tsvector('simple', translate(lower("location"),
  'àáâãäåāăąçćčďèéêëēėęěğìíîïīįñńňòóôõöōőřśšşťùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚĞÌÍÎÏĪĮİÑŃŇÒÓÔÕÖŌŐŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ',
  'aaaaaaaaacccdeeeeeeeegiiiiiinnnooooooorssstuuuuuuuuyyzzzaaaaaaaaacccdeeeeeeeegiiiiiiinnnooooooorssstuuuuuuuuyyzzz'));
