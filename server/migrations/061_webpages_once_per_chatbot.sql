-- A page URL is stored and indexed once per chatbot, whichever website row (language) led the crawler to it.
-- Before, adding the site again for another language stored every page a second time (unique per website).

-- Existing duplicates are merged onto one row: the one under a website of the page's own language, else the
-- oldest. The kept row inherits the favorite flag; schedules of the dropped rows move to it.
create temporary table webpage_duplicates on commit drop as
select id, keep from (
  select p.id,
         first_value(p.id) over (
           partition by p.chatbot_id, p.url
           order by (split_part(lower(w.lang), '-', 1) = split_part(lower(p.lang), '-', 1)) desc, p.created_at, p.id
         ) as keep
    from webpages p join websites w on w.id = p.website_id
) d where id <> keep;

update webpages k set favorite = true
 where k.id in (select d.keep from webpage_duplicates d join webpages p on p.id = d.id where p.favorite);
update training_schedules s set webpage_id = d.keep from webpage_duplicates d where s.webpage_id = d.id;
delete from passages where source_type = 'webpage' and source_id in (select id from webpage_duplicates);
delete from webpages where id in (select id from webpage_duplicates);

create unique index webpages_chatbot_url on webpages (chatbot_id, url);
