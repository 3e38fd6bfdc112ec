import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { controllerNames, toKebabCase, toPascalCase, validateControllerName, validateProjectName } from '../../generators/scaffold/names';

const controllerNamesSuite = suite('controllerNames');

controllerNamesSuite('posts, blog-post and BlogPost give kebab-case folders and PascalCase classes', () => {
  assert.equal(controllerNames('posts'), {
    folder: 'posts',
    pascal: 'Posts',
    className: 'PostsController',
    singular: 'Post',
    dtoName: 'CreatePostDto',
    responseName: 'PostDto',
    itemName: 'PostRecord',
  });
  assert.is(controllerNames('blog-posts').responseName, 'BlogPostDto');
  assert.is(controllerNames('blog-posts').dtoName, 'CreateBlogPostDto');
  assert.is(controllerNames('categories').dtoName, 'CreateCategoryDto');
  assert.is(controllerNames('status').dtoName, 'CreateStatusDto');
  assert.is(controllerNames('news').dtoName, 'CreateNewsDto');
  assert.is(controllerNames('data').dtoName, 'CreateDataDto');
  assert.is(controllerNames('people').itemName, 'PersonRecord');
  assert.is(controllerNames('blog-post').className, 'BlogPostController');
  assert.is(controllerNames('blog-post').folder, 'blog-post');
  assert.is(controllerNames('BlogPost').className, 'BlogPostController');
  assert.is(controllerNames('BlogPost').folder, 'blog-post');
  assert.is(controllerNames('blogPost').folder, 'blog-post');
  assert.is(controllerNames('blog_post').className, 'BlogPostController');
  assert.is(toKebabCase('HTTPStatus'), 'http-status');
  assert.is(toPascalCase('api-v2'), 'ApiV2');
});

controllerNamesSuite('it throws the validation message for a bad name', () => {
  assert.throws(() => controllerNames('../x'), /must not contain a path separator/);
});

controllerNamesSuite.run();

const validateControllerNameSuite = suite('validateControllerName');

validateControllerNameSuite('path separators, "..", and characters that cannot make an identifier are rejected', () => {
  assert.is(validateControllerName('posts'), true);
  assert.match(String(validateControllerName('a/b')), 'must not contain a path separator');
  assert.match(String(validateControllerName('a\\b')), 'must not contain a path separator');
  assert.match(String(validateControllerName('..')), 'must not contain ".."');
  assert.match(String(validateControllerName('a..b')), 'must not contain ".."');
  assert.match(String(validateControllerName('1posts')), 'starting with a letter');
  assert.match(String(validateControllerName('po$ts')), 'so that it can make a class name');
  assert.match(String(validateControllerName('blog post')), 'so that it can make a class name');
  assert.match(String(validateControllerName('')), 'Missing controller name');
  assert.match(String(validateControllerName(undefined)), 'Missing controller name');
});

validateControllerNameSuite.run();

const validateProjectNameSuite = suite('validateProjectName');

validateProjectNameSuite('a project name must be a plain lowercase folder name', () => {
  assert.is(validateProjectName('my-app'), true);
  assert.match(String(validateProjectName('../x')), 'without path separators');
  assert.match(String(validateProjectName('MyApp')), 'lowercase');
  assert.match(String(validateProjectName('')), 'Missing project name');
});

validateProjectNameSuite.run();
