using Microsoft.AspNetCore.Http;
using Sorcha.ApiPlatform.Auth;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>A token in the query counts on hub paths only, and never over an Authorization header.</summary>
public sealed class HubTokensTests
{
    [Theory]
    [InlineData("/hubs/events/negotiate", "?access_token=abc", null, "abc")]
    [InlineData("/hubs/events", "?id=1&access_token=abc", null, "abc")]
    [InlineData("/HUBS/events", "?access_token=abc", null, "abc")]
    [InlineData("/api/registers", "?access_token=abc", null, null)]
    [InlineData("/hubsx/events", "?access_token=abc", null, null)]
    [InlineData("/hubs/events", "?access_token=abc", "Bearer header", null)]
    [InlineData("/hubs/events", "?access_token=", null, null)]
    [InlineData("/hubs/events", "?access_token=a&access_token=b", null, null)]
    public void The_query_token_is_read_only_where_a_header_cannot_be_sent(string path, string query, string? header, string? expected)
    {
        var context = new DefaultHttpContext();
        context.Request.Path = path;
        context.Request.QueryString = new QueryString(query);
        if (header is not null)
        {
            context.Request.Headers.Authorization = header;
        }

        Assert.Equal(expected, HubTokens.FromQuery(context.Request));
    }
}
