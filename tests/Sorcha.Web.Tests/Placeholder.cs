namespace Sorcha.Web.Tests;
