namespace Sorcha.Ledger.Tests.TestData;

/// <summary>
/// Two fixed RSA-4096 test keys (PKCS#8, base64). Generating RSA-4096 takes tens of seconds on a small machine,
/// which would dominate the test run; these keys protect nothing.
/// </summary>
internal static class RsaTestKeys
{
    public static readonly string[] Pkcs8 =
    [
        "MIIJQgIBADANBgkqhkiG9w0BAQEFAASCCSwwggkoAgEAAoICAQCvIHn5MLDMN4dHErwrFZjsvS3Hf0euBEyeY0Wm23X0S0P7JGDU" +
        "YxcenIiIvz06dSNIiKLvCOXO7pGNywedwxehU96tLhXMGKLryrPJhSjoewEm98SDQJSTuito7bjtk8XSV5DXFDGLKwAU6ycRwwUa" +
        "+nkKfDYkDu86lHPs+4WCqAe6XjQ1qGNT0dn9Is3Mn18oV8ThaYAGTjcDfdyQ70Va5/Gc+mXZfopAyCFtBh3nVLxdO1r1OX54BTg1" +
        "d65MSVM2b047SyUoucS8Urki/QJlTk+F7+QUkBVKy+vCPtuRm8I7O61pJq4/fL0sKL0DvWJsys18fVwg9T7OEk6jLwBnkZbpYr+9" +
        "PldVlqJ+fT7Oa+4A920GRZadNyDNDCIO1gxhTvUfiU20aGfBDZrUbVZcSvdwGyu3ZgKKgRJHVXryF/Brd9irCu2EMXBu+xiMY1ua" +
        "473ZyVvel1H2rISMrxSotIYwuijuCnqYrAv4iCo6nC9s3fOAv+by9Yj+EpTdp5R1/peDOSvep07abtuTakP5JN7zcEYbxBORt9i7" +
        "DyMC0jrt7+rYiqjsfZEioS34rwGn/MJ4ALLyM8YMbiWxJ58slXqpDXx/OyS6O1proQPJiaPaqR9vLEo9LdVYp6ZlKGn6rehwAYal" +
        "KM9enMgye5Lz59KGEMxdmovLabjzGjZrUQIDAQABAoICAACk3O32qN/HYH75aam65ZoRRAbUx/2y1FlMwifP7MoeMLzOsHB3gNFD" +
        "ABmIooABiESvA/JfFQFCzVQ5J+kDm6WjOlFmtvvOJ2M4lpqqG7FnKmTrSlS1Oxaj+57iKOjuvy571fOEhn4dhV2OU9Fz5yPnQeSw" +
        "+j39tBGCFD8N2brWRVkBGa4M1Xisb+HHa/xRpbbvQ7EUgz0Csp8XqmT6DEY+Thwmq5M2LOn6Em1lNVzxadPp8Pav5HAqjL9dlk1/" +
        "g4fStvXu288fh8KthzLCvWyD8jTq4erVcM6am15WftY1PWycVpHpa4CeQ8/Swoct/huqT0Ei8ODKJhX56UIeXSECzu/tJj0H2Eck" +
        "SmJwZLPKJ1XX9nPDKuKwGREjIRFORmzW8drKyOmDBlqj4yykB/LZFTJoY6dHm0dLw9Vrlb3Q0HrDUbDKq4fm3jtXyB78QrsYS4yc" +
        "rvIrs/THtLdQrPsaDtyPZvJC+LchrzrN7NTDzasw9AO+Q85ccbEzZvBkQ34cj+bwij69o8AZYTR1Xpx8tlUWnhJKO4fFXMCs7aou" +
        "65mTAEPK12c7J3Qjz859gUdyQ32gJJqi6NjACNULiPCCEn3XyFkXwRYaL5r7kcP2yHtj3AjlF37+tq369JARXPRDScip8oN/iqJi" +
        "RBWBh/mgp9jnv8RFEg3wPTF3y4RBAoIBAQDmlQdG78D7X+mLqGG6jLRe/fKqXfgMQhS23jDxJMAAKrUDWrzkydWxe5FFw7Ea8V/0" +
        "Pu6aKJN9H+3nI0CRYt7BJqyW9r90Qm0i6Ziu/Kg2tGKzBaaJRXsLoKOzOp1+GjpmHnrW/EQwvTyC5hNhcsDbPvRE7eNcyhkjQldK" +
        "Mv5EfgkWOBwaTztyD/fnVcX8sVFPS2knDqaDs8Mui/a2l/LFLvowb0NPkSBa19kqapbYo8iqAsaB3R1Ib/rSwTDb+t08gqLtI2rs" +
        "uRsAmXI0OIAu5UAwf/yo85JnhnNKjZXwbzDEAbUxvSidLbs81ArP8auHFrEScWn/8IIjAB88rPzJAoIBAQDCboN6LUV3wDMj6Wda" +
        "cixC+q5h/UodBhS8AZA2Y+IfdkPNhWuGBjXine/KKW6F0XZ2ik70u0JwQlEi0zYfRmN6lzUARJdJ2Ciw6FbQZW7sKG9mNaSpuAEh" +
        "VXVTDV0/iQHql+q4JZXBVSafvDbHgJGC3mswtCUOnLeQXEYEyBEY2oqXoLqRYz5q5e8jWVw4YwHH9Xpn2hRDwHeL7i/4lIEW1lCW" +
        "OfGIbcMLsHoLiKNdhCoqc1RoSMnAVV427GIpqqNAiaQb5W1tCPxq3XnFOkFWBZbr9K/9FLdMfwWeYQRo0cI4dR7ypwWEDhDkPKEs" +
        "tlvj8nkB4/XmvlSmLwwtOKZJAoIBAQCEhMfe4/HURqYxpn8sOKt9IJPzh/gEC4JeKsqT/JwAPIs1t1NyZfFThIHUR4ikxG5yMCzv" +
        "GjzRn6UZvu/f3qPI/FIanQshZP/WHcyrXPfMINXMr4WrxOvXneYXHqvfCnHfuMq+fdMu88MwM8yVp97g4oh+iP2vmVLjKcCDG1V4" +
        "xbqxM2QrVrgCcNz37hrQhJQHb36qfMgETy7wtG4BOMjEvJ/7cCaONwkSTJU5xHKXZWHxG5E8l3i55emQcImFE+NMYIQEp+NO03+K" +
        "U6YIDyTUTtsaRKRP8VSF/QaLpV20BiNPsu+Q+3a5BsxiRDdGlU0QYWE5CUdzWaVhOjO5qm3JAoIBABpyEawCkFpTaCFQU+B3exG5" +
        "KxLk8rmz5AoWZFkhiNYireI8bX2TRq0GMmFa9U96SBSjh02+UrEWNBb6h3gFiO5ZtrnMmo9OuWomj/hUc5vnfA946Ga1QmIYT5b2" +
        "UGKd7gbMlv5pDk93l4NOhFzqXeBhBE9hkVDFfCpEgrmPxNOOlh89m2K/DvRXRgmW0/ZPcSSTfQy3Gt6ERT5hLWEwQcara9ajFvkp" +
        "hMgIPvFmqmHD4kBX43kzvU1NzzzFNizYqs/SaOHqeNHF0R9v9GohHFXo+LgrVeykbrIW7Nq383OWZEZtl8IFebiWeTGyFXIRc7oz" +
        "dsYNDZtO9BCOgad89xECggEARWL9TDUlGfdZSWK2s2oMZtFMUGfRbKgshLILDOF8VIEYs8ngffI9mUvnGby3oMNXVEPN+DSMzk7q" +
        "qrjQ8vl2wZOu7MQmH8CIji0eRWuvb/cAqcQtYR6FpQ5iNTv3W434HbOcIWzXcG8G+2ZgkpjKkM8hkURoGFPa2LOIk4excta3+2fs" +
        "4V49vwdEd3iF6AbophZ7EehE1ABzgkyUWzhWm8n1wPxwKUA9M6QHhid+D0w+/hKhry9KHHRJVldvBx/kZpfkUoudQygNn40LQ3B/" +
        "Pd75foe3omw8CTKXPW3C6NwGciYItOTDLlVtxK2GoRQTYo7bczYwNQvajiUwgA1oaw==",
        "MIIJQgIBADANBgkqhkiG9w0BAQEFAASCCSwwggkoAgEAAoICAQCwhUyYalJRgi2vYTWC4r/0a4wizsIxknYbfNXsGB8AYXWCVzm8" +
        "34e4vjrZbWTjm9lwQg1CSarvOTAnv3KFQCUL4HgTNEpyEBKR4Y0crJvVXp3COfvt48C7fILugZJ4CMgaayp96V+YCFE3YF2zf4lL" +
        "qz8EgvR2RBCB4JIVB8/nwgBXZdsXot4IlTILz56kucJ2UIJsbuxI0w2D1E0YPPWD4NnxTueQZOgz/2owGzGlIPYchsv7Kru6DXi/" +
        "d2la8rID+W4pKSTpWjrWbJGbmpuBUbROanTA38EXADgMi2lMODyKaCR9NCow6AgtYnQDrG35UACyfondRs7+npst7alH6rhWQ9L/" +
        "nYh+OsaUrPGjmnu51yCUDp8tWx38PqUSj9wQu4OFVLs3HD8IP0kin4H+RZqotam20Qa8HuhdOR1jn1TYNfo9G8HA+9FuMQwOZRS+" +
        "AE58xUaZjOFSfd4PrwRuxrf7UatEUPYFCA527z3fjjZ1wUfCs07Z4FFNoyUG7gfpuVo+ZiRdJbC0mKi+R5abdo+vAH8tA3ayz9LB" +
        "T2kjTC9smuxvSN9VsuzywJPSXzrOWvivwIhSqS3WMlSvMhLeg+fAFKZvgwJG8FvsN4J7W6f6a/Pk3CddZIppY/iXMeNiwgdti+Xg" +
        "hf/F4g0atZzD+HdljIynhjKnKKAapmAALQIDAQABAoICAAW2GKBXmvwDtHle3EFC+yBPn9YCQMqx0Dh351I7zKwYtAtKO6Rz5wtj" +
        "n9Z9jddxN3S2YCvkcdoR2rrK8hL1o3Ya6g7GyectGYIMJ/fIptIdZ8/5aE6nBLXTWQ59mPnTC1u9sFuakPsDosQwXDtSGtarCYoM" +
        "RjSZ1WYB7anYiDH9OrLujL0T7bpIeYBHcMPvNdIvEKzJefyNqV8r5t8d5HkKGIMer1WUPHRur5v6aNMFmf8ogrHzfqzG10DeN1PF" +
        "/ngPyKICheXhn7adsRonUZGeBj/lC6g+XDiOS3rY3wGH4EZ4Xlz7JG7FGkIvcGmBkkgB4cPks1WsKbkJgnksLELQNv8wlfATY/fD" +
        "1SYB2BwUe4lLuPDtAP02Z0/4ScRcUnjP4l+aDxW+6dhgZMiy4gxGIS+pQkli+s7Pnv+3YspPQ3PYtlB5XxRn1T9Okbkg7WWQFb2S" +
        "zErq1JoKRXFA9gq5vTHWsvWkUbCpdxP/xRFU+qEmjuQTy7XGPTHzvFuB5wTqVzSms2eQWBVat5/u8+GTr+zoLuiYBPSlja/dC9p+" +
        "j0CFWLAb4N6mTxDv5pFRD+w32fmurThFJBaLHRVXP8Sk8x7xaLajVGYLuBgZUpcVGvWLfL1dtlwly5OxTxjyHEZZhWa5GgFkZZjB" +
        "Sd1XxBATX9I+/jOZcV1v10NIfy5RAoIBAQDyvLCyK1W2ZF6MQD7OFAkU1JIfpEtk1hr3JsOke6kKxM7LT2A2DBj90VWrPc8DLgtR" +
        "yn5irlErnB1IW88MLWIOG0TFt1j14NKhGS2ApRs8oQcX5T/2D6LrtHYeUlRuzvue4wIePI5rk3wTB747WV6Oc6PDym39x+zS6UIY" +
        "41lJIDqvFi5+2vcGO3Nh7p0cKCXIgqC2EfPkE5InF9yJlgG56FvnIA28GGv3UTibm+wln0AbicXWatNGRFwHMeTc/9qRXHnPZ/7w" +
        "cez/LfmBkGBNNq8vMtDZCcwExi8KF+urvrLQYrnAZ2NL3KsYBcRSQz91mP5gWUH+BEeag+FADFh3AoIBAQC6KmaSYJhNyF0yhO7P" +
        "DKTAuPgoikOLqsGMXC+wirjlOZ9XAKRlnerLrzEZx5YUMGwW8YnqONZjgGdiiaFrQNMDTXul+tjPfYD4fOds1I4Rt+F+d8sLTOq3" +
        "Vxds3JjVn2hX3XLa9lDI+TG0Znv+gjs2OmFhctFaY3vCu3Wdq4dUAaK/1Aolhc/phWpMm8LneETL3TqZRZVvhoPIltNhMok29M/d" +
        "jxblyLNQ5BhG8I/vTaa+LP+DcKIIS35zPjVJB0b8f8BHAJ7frcAlPLnS3UqUgDZx3hx2WewykQUfiXj+Z0Y8hpIr4eI+EaJa9pm+" +
        "/OyDhmx3iRi8waMt0V7T+Tl7AoIBAQCz2omVyjQdC6tege/HI+NCsup+VW6jjVy3idpmUlYDK6YJ0It6IGaYEnZGhmqPcZtjhAU3" +
        "Ou/bvzWXOqdj33CLATtowBxDOsz2HsCvVCalOq8VzoAg4p8VxEXM27XB0M1xgcQ9ASOJo+LH+vHB6cr9A8Pwu1naMztPXxPhevra" +
        "Cu5QcsAKsFVeIcixZGq2xSyRr/BCV3T9pl6hZrW6oBIxXHBUBVUH7JR60IyAB/zmN2P5w5B5+fcHVnlVv2tTMKQTFpEO04B7Sf6P" +
        "aNI5ZO9l5sHQ1/cVCYRIeUu7T9QIEilN7Aiz/ib9u8ht6T/4r+kiSjUY0Knr++HOJC9PFJarAoIBAGTL6FWA73XN8ogT6ak5U0r1" +
        "24c3tXK9taXlk/ymX43dMSTOODS82BAIfzFSGzQ7M4sIpH+o3otpTpDPrBKCOr4jCbvIofNWJKpmFneaboGxaeorukgYEU3LXeeX" +
        "WTjw4nIQeMuNahgmtH7UrnYS1TR7T5aPsEKccrnw/bGs2czmRdRPXl8KoJPzpKZt/42MVNN8qOmr/0kvL9M/tpt93UVgL9vqSZ+I" +
        "l25I0cw3G/eZt5poisAED/clyQVkvT0ZL5ovIVBQSbUaQlrnEkXVgzf8Y34roIWEEpseYgO9T0GPcTv8MNCJsRGiQqG1u3DpSLW9" +
        "5qSiGj65KTz5i7qBylkCggEAck/AophGCkl8OT32hL9zj75ZvLRn3/SOaj9qqv7UOQxROjO9tazJrIXPYsHb2sjFgUGqSP6zbAe1" +
        "Nf2frvoq/7KH8M6H+kNEOyP1N74WP7z6Vxg3/bV08o5AzRoI1rSSP1M3Ka2XiuWjlucKc3ZxG5M/RzNcUV4Ao24rSQHLRRJYbCxT" +
        "aTM4iq2dQvPYs0oKTJ2jsi0ayx+L2/hBzjf1IisXh5xN9HSTFKrwjWyDpO3n333pPBhakjNvQqiAwRZxF9YZyGY0sJpyv8i++5gu" +
        "Z7x+2C5RPHixI+CL0vxgFaG6JhY+234scnwrko0xJ83FSzP9FOydd09krLJiQA0M7A==",
    ];
}
